import { Random } from '../random.js';

/**
 * The account's one source of new ids (and of any other draw a write makes). Its position is saved
 * with every write, so a restart continues the stream instead of repeating it; a drawn id that any
 * record of the account already has, or ever had, is drawn again. Same seed and same requests from a
 * fresh start: same ids.
 */
export class IdSource extends Random {
  constructor(
    seed: number,
    salt: string,
    private readonly taken: (id: string) => boolean,
  ) {
    super(seed, salt);
  }

  override guid(): string {
    let id = super.guid();
    while (this.taken(id)) id = super.guid();
    return id;
  }
}
