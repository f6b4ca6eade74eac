import { Random } from '../random.js';

/**
 * The account's one source of new ids (and of any other draw a write makes). Its position is saved
 * with every write, so a restart continues the stream instead of repeating it; a drawn id that any
 * record of the account already has, or ever had, is drawn again. Same seed and same requests from a
 * fresh start: same ids.
 */
export class IdSource extends Random {
  /** Set while `drawingFrom` runs: a drawn id is checked against the data being built only. */
  private inOwnStream = true;

  constructor(
    seed: number,
    salt: string,
    /** Whether an id is taken: by any record the account has or had, or (`dataOnly`) by one it has now. */
    private readonly taken: (id: string, dataOnly: boolean) => boolean,
  ) {
    super(seed, salt);
  }

  override guid(): string {
    let id = super.guid();
    while (this.taken(id, !this.inOwnStream)) id = super.guid();
    return id;
  }

  /**
   * Runs `work` drawing from the stream of `(seed, salt)` instead of the account's own, then goes on
   * with the account's stream where it stopped. A scenario draws its ids so: the same scenario and
   * seed give the same ids whatever the account's name and history (see docs/decisions.md,
   * Scenarios (ids)). A drawn id is checked only against the records the account holds while
   * `work` runs; the salt keeps the stream apart from every account's own.
   */
  async drawingFrom<T>(seed: number, salt: string, work: () => Promise<T>): Promise<T> {
    const own = this.state();
    this.restore(new Random(seed, salt).state());
    this.inOwnStream = false;
    try {
      return await work();
    } finally {
      this.inOwnStream = true;
      this.restore(own);
    }
  }
}
