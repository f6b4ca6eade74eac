// One memory budget for the request journals of every account in the process. Each journal counts
// the bytes its entries retain and reports every change here; when the total passes the budget, the
// oldest entries of the largest journals go, until the total is back under seven eighths of it (so
// an eviction runs once per many entries, not once per entry).
//
// The largest journals are found through size classes: class k holds the journals of 2^k to
// 2^(k+1) − 1 bytes. Recording an entry moves its journal between classes at O(1) cost; an eviction
// takes a journal from the highest class holding one and sheds it just below that class (or less,
// when less is enough), so the largest journals are levelled down first, within a factor of two.

/** The default budget: 64 MiB for the journals of all accounts together. */
export const DEFAULT_JOURNAL_MEMORY = 64 * 1024 * 1024;

/** What the budget needs of a journal. */
export interface BudgetedJournal {
  /** The bytes its entries retain, as counted. */
  readonly bytes: number;
  /** Drops its oldest entries, for memory, until it holds at most `target` bytes; answers the bytes freed. */
  shed(target: number): number;
}

export class JournalBudget {
  private total = 0;
  private readonly classes: Set<BudgetedJournal>[] = [];
  private readonly classOf = new Map<BudgetedJournal, number>();
  private evicting = false;

  constructor(readonly limit: number) {}

  /** The bytes counted over every journal. */
  get used(): number {
    return this.total;
  }

  /** `journal` now holds `delta` bytes more (or fewer); an eviction runs when the total passes the limit. */
  changed(journal: BudgetedJournal, delta: number): void {
    this.total += delta;
    this.place(journal);
    if (this.total > this.limit && !this.evicting) this.evict();
  }

  /** Forgets a journal that holds nothing any more (its account is gone). */
  remove(journal: BudgetedJournal, bytes: number): void {
    this.total -= bytes;
    const k = this.classOf.get(journal);
    if (k !== undefined) this.classes[k]!.delete(journal);
    this.classOf.delete(journal);
  }

  private place(journal: BudgetedJournal): void {
    const before = this.classOf.get(journal);
    const after = journal.bytes > 0 ? Math.floor(Math.log2(journal.bytes)) : undefined;
    if (before === after) return;
    if (before !== undefined) this.classes[before]!.delete(journal);
    if (after === undefined) {
      this.classOf.delete(journal);
      return;
    }
    this.classOf.set(journal, after);
    (this.classes[after] ??= new Set()).add(journal);
  }

  private evict(): void {
    this.evicting = true;
    const low = this.limit - Math.floor(this.limit / 8);
    let k = this.classes.length - 1;
    while (this.total > low && k >= 0) {
      const journal = this.classes[k]?.values().next().value;
      if (journal === undefined) {
        k--;
        continue;
      }
      const target = Math.max(journal.bytes - (this.total - low), 2 ** k - 1);
      this.total -= journal.shed(target);
      this.place(journal);
    }
    this.evicting = false;
  }
}
