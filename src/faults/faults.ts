import type { FaultRule, FaultRuleSpec } from './schema.js';

/** An account's fault rules, in the order they were added (the first matching rule applies). */
export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(specs: readonly FaultRuleSpec[]): FaultRule[] {
    const added = specs.map((spec) => ({ ...spec, id: `fault-${this.nextId++}`, hits: 0 }));
    this.rules.push(...added);
    return added;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }
}
