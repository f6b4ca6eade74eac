import { type PathMatcher, pathPattern } from '../path-pattern.js';
import type { Random } from '../random.js';
import { type FaultKind, type FaultRule, type FaultRuleSpec, faultKind } from './schemas.js';

/** A fault that applies to one call: the rule as it was then, its effect, and the delay drawn. */
export interface FaultHit {
  rule: FaultRule;
  kind: FaultKind;
  /** Milliseconds to wait before going on; 0 without latency. */
  delayMs: number;
}

interface Held {
  rule: FaultRule;
  matches: PathMatcher;
}

/**
 * Header names are case-insensitive: names that differ only in case are one header, sent once, with
 * the value and spelling of the last one stated (as JSON bodies read a name's last spelling).
 */
function oneSpellingEach(headers: Record<string, string>): Record<string, string> {
  const byName = new Map<string, [string, string]>();
  for (const [name, value] of Object.entries(headers)) {
    byName.delete(name.toLowerCase());
    byName.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries(byName.values());
}

/** Rules an account holds at once; the control plane refuses more. */
export const MAX_FAULT_RULES = 1000;

/** An account's fault rules, in the order they were added (the first matching rule applies). */
export class Faults {
  private rules: Held[] = [];
  private nextId = 1;

  add(specs: readonly FaultRuleSpec[]): FaultRule[] {
    const added = specs.map((spec) => {
      const rule: FaultRule = { ...spec, id: `fault-${this.nextId++}`, hits: 0 };
      if (spec.headers !== undefined) rule.headers = oneSpellingEach(spec.headers);
      if (spec.times !== undefined) rule.remaining = spec.times;
      return { rule, matches: pathPattern(spec.path) };
    });
    this.rules.push(...added);
    return added.map((h) => ({ ...h.rule }));
  }

  get size(): number {
    return this.rules.length;
  }

  list(): FaultRule[] {
    return this.rules.map((h) => ({ ...h.rule }));
  }

  clear(): void {
    this.rules = [];
  }

  /** Removes one rule; false when no rule has that id. */
  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((h) => h.rule.id !== id);
    return this.rules.length < before;
  }

  /**
   * The fault for a call, counted as a hit. Rules are tried in order; a rule with a probability
   * takes one draw from `random` each time it matches, and a random latency takes one more once
   * a rule applies, so the same rules and calls give the same faults and delays.
   */
  take(method: string, path: string, random: Random): FaultHit | undefined {
    const verb = method.toUpperCase();
    for (const { rule, matches } of this.rules) {
      if (rule.remaining === 0) continue;
      if (rule.method !== '*' && rule.method !== verb) continue;
      if (!matches(path)) continue;
      if (rule.probability !== undefined && !(random.next() < rule.probability)) continue;
      rule.hits++;
      if (rule.remaining !== undefined) rule.remaining--;
      const latency = rule.latencyMs;
      const delayMs =
        latency === undefined ? 0 : typeof latency === 'number' ? latency : random.int(latency.min, latency.max);
      return { rule: { ...rule }, kind: faultKind(rule), delayMs };
    }
    return undefined;
  }
}
