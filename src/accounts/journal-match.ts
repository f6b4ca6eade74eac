// Partial JSON matching for journal queries. An expected value is a part of the actual one:
// objects need at least the members given (names matched exactly, else in any case, as the API
// reads them), recursively; arrays need each expected element matched by some actual element, in
// any order, extra elements allowed ([] matches any array); anything else must be equal.
//
// Matching is steps (world/steps.ts): a query runs over every entry of a journal, and an array of
// the expected value is compared with every element of the actual one, so one entry alone may take
// long. The steps pause every few hundred comparisons (`MatchWork`), whatever the values' shapes.
// Whether a value matches, and how much of it misses, are counted without words
// (`missWeight`); the words (`jsonDifferences`) are written only for the few near misses a
// verification reports, and show at most 80 characters of a value however large it is.

import type { Steps } from '../world/steps.js';

/** One thing that differs: where, what, and how much of the expected value it accounts for. */
export interface Difference {
  message: string;
  /** The number of expected leaves (see `leaves`) this difference covers. */
  weight: number;
}

/** Comparisons (a value, or a member name read) between two pause points of matching steps. */
const COMPARISONS_PER_STEP = 512;

/** The comparisons a query's steps made since their last pause: shared by every value they compare. */
export class MatchWork {
  private comparisons = 0;

  /** Counts a comparison; true when it is time to pause (then counts afresh). */
  tick(): boolean {
    if (++this.comparisons < COMPARISONS_PER_STEP) return false;
    this.comparisons = 0;
    return true;
  }

  /** Counts `n` comparisons made where no pause can be: the next `tick` pauses if they were many. */
  add(n: number): void {
    this.comparisons += n;
  }
}

/**
 * How much of `expected` the actual value misses, in leaves (see `leaves`): 0 when it matches. As
 * `jsonDifferences` weighs its differences, without writing them. With `first`, stops at the first
 * miss: the answer is then 0 or some positive weight, not the whole.
 */
export function* missWeight(expected: unknown, actual: unknown, work: MatchWork, first = false): Steps<number> {
  if (work.tick()) yield;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return leaves(expected);
    let total = 0;
    for (const want of expected) {
      total += actual.length === 0 ? leaves(want) : yield* nearestWeight(want, actual, work, first);
      if (first && total > 0) return total;
    }
    return total;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return leaves(expected);
    let total = 0;
    for (const name of Object.keys(expected)) {
      const want = expected[name];
      const got = member(actual, name, work);
      total += isContainer(want) ? yield* missWeight(want, got, work, first) : got === want ? 0 : 1;
      if (first && total > 0) return total;
    }
    return total;
  }
  return actual === expected ? 0 : 1;
}

/** The weight missed by the element of `actual` nearest to `want` (the first of the nearest). */
function* nearestWeight(want: unknown, actual: unknown[], work: MatchWork, first: boolean): Steps<number> {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < actual.length && nearest > 0; i++) {
    let weight: number;
    if (isContainer(want)) weight = yield* missWeight(want, actual[i], work, first);
    else {
      if (work.tick()) yield;
      weight = actual[i] === want ? 0 : 1;
    }
    if (weight < nearest) nearest = weight;
  }
  return nearest;
}

/**
 * What differs between an expected JSON part and an actual value, each as `<path>: expected …, got
 * …`; of an array's elements, the first nearest to the expected one (by `missWeight`) explains the miss.
 */
export function* jsonDifferences(
  expected: unknown,
  actual: unknown,
  path: string,
  work: MatchWork,
): Steps<Difference[]> {
  if (work.tick()) yield;
  if (Array.isArray(expected)) return yield* arrayDifferences(expected, actual, path, work);
  if (isObject(expected)) {
    if (!isObject(actual)) return [mismatch(expected, actual, path)];
    const out: Difference[] = [];
    for (const [name, want] of Object.entries(expected)) {
      out.push(...(yield* jsonDifferences(want, member(actual, name, work), `${path}.${name}`, work)));
    }
    return out;
  }
  return actual === expected ? [] : [mismatch(expected, actual, path)];
}

function* arrayDifferences(expected: unknown[], actual: unknown, path: string, work: MatchWork): Steps<Difference[]> {
  if (!Array.isArray(actual)) return [mismatch(expected, actual, path)];
  const out: Difference[] = [];
  for (const want of expected) {
    if (actual.length === 0) {
      out.push({ message: `${path}: expected an element matching ${shown(want)}, got []`, weight: leaves(want) });
      continue;
    }
    let nearest = 0;
    let weight = Number.POSITIVE_INFINITY;
    for (let i = 0; i < actual.length && weight > 0; i++) {
      const found = yield* missWeight(want, actual[i], work);
      if (found < weight) [nearest, weight] = [i, found];
    }
    if (weight > 0) out.push(...(yield* jsonDifferences(want, actual[nearest], `${path}[${nearest}]`, work)));
  }
  return out;
}

const leafCounts = new WeakMap<object, number>();

/** The leaves an expected value checks (primitives and empty containers): its weight in a distance. */
export function leaves(expected: unknown): number {
  if (!isContainer(expected)) return 1;
  let count = leafCounts.get(expected);
  if (count === undefined) {
    const values = Array.isArray(expected) ? expected : Object.values(expected);
    count = values.length === 0 ? 1 : values.reduce<number>((sum, value) => sum + leaves(value), 0);
    leafCounts.set(expected, count);
  }
  return count;
}

/**
 * What the text of a stored body must contain for a body to match `expected`, when `expected` is
 * an object or an array (which only a JSON object or array matches): the JSON of each string leaf
 * that needs no escape, and of each `true`, `false` and `null`, each with the number of leaves it
 * stands for. A stored body is JSON as sent when it holds no backslash, else JSON as
 * `JSON.stringify` writes it, so a value the body holds is in its text as that JSON: a leaf whose
 * JSON is not in the text misses, whatever the rest. Undefined when nothing can be told from the text.
 */
export function bodyNeedles(expected: unknown): Map<string, number> | undefined {
  if (!isContainer(expected)) return undefined;
  const needles = new Map<string, number>();
  const visit = (value: unknown): void => {
    if (isContainer(value)) {
      for (const inner of Array.isArray(value) ? value : Object.values(value)) visit(inner);
      return;
    }
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) {
      const text = JSON.stringify(value);
      if (!text.includes('\\')) needles.set(text, (needles.get(text) ?? 0) + 1);
    }
  };
  visit(expected);
  return needles;
}

/** The longest text a difference shows of a value. */
const SHOWN = 80;

/** A value as a difference shows it: JSON, at most 80 characters; `nothing` for a missing one. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = jsonPrefix(value, SHOWN + 1);
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 3)}...` : text;
}

/**
 * The JSON of a JSON value (as `JSON.stringify` writes it), or, once it runs past `max`
 * characters, a text of at least `max` characters whose first `max` are the JSON's: a large value is
 * not written whole to show its start.
 */
function jsonPrefix(value: unknown, max: number): string {
  let out = '';
  const put = (v: unknown): void => {
    if (out.length >= max) return;
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length && out.length < max; i++) {
        if (i > 0) out += ',';
        if (v[i] === undefined) out += 'null';
        else put(v[i]);
      }
      out += ']';
    } else if (isObject(v)) {
      out += '{';
      let first = true;
      for (const name of Object.keys(v)) {
        if (out.length >= max) break;
        if (v[name] === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += `${JSON.stringify(name)}:`;
        put(v[name]);
      }
      out += '}';
    } else if (typeof v === 'string') {
      // A cut string's JSON differs from the whole one's only past `max` characters.
      out += JSON.stringify(v.length > max ? v.slice(0, max) : v);
    } else out += JSON.stringify(v) ?? 'null';
  };
  put(value);
  return out;
}

function mismatch(expected: unknown, actual: unknown, path: string): Difference {
  return { message: `${path}: expected ${shown(expected)}, got ${shown(actual)}`, weight: leaves(expected) };
}

/** The member of that name, or else the one whose name differs only in letter case. */
function member(actual: Record<string, unknown>, name: string, work: MatchWork): unknown {
  if (Object.hasOwn(actual, name)) return actual[name];
  const lower = name.toLowerCase();
  const names = Object.keys(actual);
  // Counted: a name looked for in an object of thousands of members reads every one of them.
  work.add(names.length);
  const found = names.find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : actual[found];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
