import { z } from 'zod';
import type { Steps } from '../world/steps.js';

// A body near the 1 MiB limit may hold a list of thousands of items (a cart, an appointment's
// services, a document's lines): validated in one go, such a body held the event loop 100 ms and
// more (a cart of 3 600 items: 45 ms to validate, 35 ms to match its names, per request). Here the
// long lists are validated an item at a time, in steps (`world/steps.ts`) the pipeline runs in slices;
// everything else, and every body without a long list, is validated by the schema at once. The result
// is what `schema.safeParse(value)` answers: the same data, and the same issues in the same order.

/** Items from which a list is validated in steps. */
const LONG_LIST = 256;
/** Items validated in one step. */
const ITEMS_PER_STEP = 32;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  checks?: { _zod: { def: { when?: unknown } } }[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the value is, or holds in its fields (at any depth of objects), a list of more than LONG_LIST items. */
export function holdsLongList(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > LONG_LIST;
  if (!isPlainObject(value)) return false;
  for (const key in value) if (holdsLongList(value[key])) return true;
  return false;
}

/** What a safe parse answers: the data, or the issues (paths from the body's root). */
export type StepParsed = { success: true; data: unknown } | { success: false; error: z.ZodError };

interface Part {
  /** The parsed value; where it failed, the value as sent. */
  data: unknown;
  issues: z.core.$ZodIssue[];
  /** A list over its largest size failed: zod then runs no check of what holds it (an explicit abort). */
  aborted?: boolean;
}

/** How the children of a value fared: which of its checks zod still runs. */
type Children = 'parsed' | 'failed' | 'aborted';

/** `schema.safeParse(value, { reportInput })`, in steps where the value holds a long list. */
export function* safeParseInSteps(schema: z.ZodType, value: unknown, reportInput = true): Steps<StepParsed> {
  const { data, issues } = yield* partInSteps(schema, value, [], reportInput);
  return issues.length === 0 ? { success: true, data } : { success: false, error: new z.ZodError(issues) };
}

function atOnce(schema: z.ZodType, value: unknown, path: PropertyKey[], reportInput: boolean): Part {
  const result = schema.safeParse(value, { reportInput });
  if (result.success) return { data: result.data, issues: [] };
  // A value that failed is kept as sent, as zod keeps it in the list or object holding it.
  return { data: value, issues: result.error.issues.map((i) => ({ ...i, path: [...path, ...i.path] })) };
}

function* partInSteps(schema: z.ZodType, value: unknown, path: PropertyKey[], report: boolean): Steps<Part> {
  if (!holdsLongList(value)) return atOnce(schema, value, path, report);
  const def = defOf(schema);
  switch (def.type) {
    // A value that holds a list is neither undefined nor null: these hand it to the schema they wrap.
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
      return yield* partInSteps(def.innerType!, value, path, report);
    case 'readonly': {
      const part = yield* partInSteps(def.innerType!, value, path, report);
      return part.issues.length === 0 ? { ...part, data: Object.freeze(part.data) } : part;
    }
    case 'pipe': {
      const part = yield* partInSteps(def.in!, value, path, report);
      return part.issues.length === 0 ? atOnce(def.out!, part.data, path, report) : part;
    }
    case 'array':
      return Array.isArray(value)
        ? yield* listInSteps(schema, def, value, path, report)
        : atOnce(schema, value, path, report);
    case 'object':
      return isPlainObject(value)
        ? yield* objectInSteps(schema, def, value, path, report)
        : atOnce(schema, value, path, report);
    default:
      return atOnce(schema, value, path, report);
  }
}

/**
 * The list's items one at a time, then the list's own checks (its length, refinements) over the parsed
 * items. A list over its largest size is refused whole, its items unread, as zod refuses it.
 */
function* listInSteps(
  schema: z.ZodType,
  def: Def,
  items: unknown[],
  path: PropertyKey[],
  report: boolean,
): Steps<Part> {
  // The length checks alone (they run whatever the items are) tell whether zod refuses the list whole.
  const lengths = withChildrenParsed(schema, def, { element: z.any() }, 'element', 'failed');
  const tooLong = atOnce(lengths, items, path, report).issues.some(
    (i) => i.code === 'too_big' && i.path.length === path.length,
  );
  if (tooLong) return { ...atOnce(schema, items, path, report), aborted: true };
  const element = def.element!;
  const data = new Array<unknown>(items.length);
  const issues: z.core.$ZodIssue[] = [];
  let aborted = false;
  for (let i = 0; i < items.length; i++) {
    if (i % ITEMS_PER_STEP === 0) yield;
    const item = items[i];
    const part = holdsLongList(item)
      ? yield* partInSteps(element, item, [...path, i], report)
      : atOnce(element, item, [...path, i], report);
    data[i] = part.data;
    issues.push(...part.issues);
    aborted ||= part.aborted === true;
  }
  const children = aborted ? 'aborted' : issues.length > 0 ? 'failed' : 'parsed';
  const checks = atOnce(withChildrenParsed(schema, def, { element: z.any() }, 'element', children), data, path, report);
  return { data: checks.data, issues: [...issues, ...checks.issues], aborted };
}

/**
 * The fields holding long lists in steps, then the object at once with those fields as parsed. Its
 * issues come in the order of the schema's fields, as the object's own parse gives them, then those of
 * its checks.
 */
function* objectInSteps(
  schema: z.ZodType,
  def: Def,
  value: Record<string, unknown>,
  path: PropertyKey[],
  report: boolean,
): Steps<Part> {
  const shape = def.shape!;
  const parsed: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  const long = Object.keys(shape).filter((key) => holdsLongList(value[key]));
  let aborted = false;
  for (const key of long) {
    const part = yield* partInSteps(shape[key]!, value[key], [...path, key], report);
    parsed[key] = part.data;
    issues.push(...part.issues);
    aborted ||= part.aborted === true;
  }
  const replaced = Object.fromEntries(long.map((key) => [key, z.any()]));
  const children = aborted ? 'aborted' : issues.length > 0 ? 'failed' : 'parsed';
  const rest = atOnce(
    withChildrenParsed(schema, def, { shape: { ...shape, ...replaced } }, long.join(','), children),
    { ...value, ...parsed },
    path,
    report,
  );
  const order = new Map(Object.keys(shape).map((key, i) => [key, i]));
  const rank = (issue: z.core.$ZodIssue) => order.get(String(issue.path[path.length])) ?? order.size;
  const all = [...issues, ...rest.issues].map((issue, i) => ({ issue, i }));
  all.sort((a, b) => rank(a.issue) - rank(b.issue) || a.i - b.i);
  return { data: rest.data, issues: all.map((a) => a.issue), aborted };
}

const clones = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

/**
 * The schema with its children taken as already parsed (`z.any()` in their place). Where a child had
 * issues, only the checks that run whatever the children answered are kept (those with a `when`, such as
 * a length): zod runs no other check of a value whose parts failed, and none at all past a list refused
 * for its size. (A size refusal deeper inside an item checked at once is not seen here: the checks with a
 * `when` of the list holding that item still run.)
 */
function withChildrenParsed(
  schema: z.ZodType,
  def: Def,
  replaced: Partial<Def>,
  which: string,
  children: Children,
): z.ZodType {
  const key = `${which}|${children}`;
  let byKey = clones.get(schema);
  if (!byKey) clones.set(schema, (byKey = new Map()));
  let clone = byKey.get(key);
  if (!clone) {
    const checks =
      children === 'parsed'
        ? def.checks
        : children === 'failed'
          ? def.checks?.filter((c) => c._zod.def.when !== undefined)
          : [];
    clone = (schema as unknown as { clone(def: unknown): z.ZodType }).clone({ ...def, ...replaced, checks });
    byKey.set(key, clone);
  }
  return clone;
}
