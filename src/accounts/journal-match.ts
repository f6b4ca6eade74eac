// Partial JSON matching for journal queries. An expected value is a part of the actual one:
// objects need at least the members given (names matched exactly, else in any case, as the API
// reads them), recursively; arrays need each expected element matched by some actual element, in
// any order, extra elements allowed ([] matches any array); anything else must be equal.

/** One thing that differs: where, what, and how much of the expected value it accounts for. */
export interface Difference {
  message: string;
  /** The number of expected leaves (see `leaves`) this difference covers. */
  weight: number;
}

/** What differs between an expected JSON part and an actual value, each as `<path>: expected …, got …`. */
export function jsonDifferences(expected: unknown, actual: unknown, path: string): Difference[] {
  if (Array.isArray(expected)) return arrayDifferences(expected, actual, path);
  if (isObject(expected)) {
    if (!isObject(actual)) return [mismatch(expected, actual, path)];
    const out: Difference[] = [];
    for (const [name, want] of Object.entries(expected)) {
      out.push(...jsonDifferences(want, member(actual, name), `${path}.${name}`));
    }
    return out;
  }
  return actual === expected ? [] : [mismatch(expected, actual, path)];
}

/** The leaves an expected value checks (primitives and empty containers): its weight in a distance. */
export function leaves(expected: unknown): number {
  if (Array.isArray(expected)) return expected.length === 0 ? 1 : sum(expected.map(leaves));
  if (isObject(expected)) {
    const values = Object.values(expected);
    return values.length === 0 ? 1 : sum(values.map(leaves));
  }
  return 1;
}

/** A value as a difference shows it: JSON, at most 80 characters; `nothing` for a missing one. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function arrayDifferences(expected: unknown[], actual: unknown, path: string): Difference[] {
  if (!Array.isArray(actual)) return [mismatch(expected, actual, path)];
  const out: Difference[] = [];
  for (const want of expected) {
    if (actual.length === 0) {
      out.push({ message: `${path}: expected an element matching ${shown(want)}, got []`, weight: leaves(want) });
      continue;
    }
    // The element nearest to the expected one explains the miss best.
    let nearest: Difference[] | undefined;
    for (let i = 0; i < actual.length && nearest?.length !== 0; i++) {
      const found = jsonDifferences(want, actual[i], `${path}[${i}]`);
      if (nearest === undefined || weightOf(found) < weightOf(nearest)) nearest = found;
    }
    out.push(...(nearest ?? []));
  }
  return out;
}

function mismatch(expected: unknown, actual: unknown, path: string): Difference {
  return { message: `${path}: expected ${shown(expected)}, got ${shown(actual)}`, weight: leaves(expected) };
}

/** The member of that name, or else the one whose name differs only in letter case. */
function member(actual: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(actual, name)) return actual[name];
  const lower = name.toLowerCase();
  const found = Object.keys(actual).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : actual[found];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const weightOf = (differences: Difference[]) => sum(differences.map((d) => d.weight));
