// The shape of a JSON answer, flattened to paths (`[]` for array items) and the kinds of value seen at each:
// field names and casing, JSON types, null or a value, Guid and DateTime formats, array or object. Values
// themselves (ids, names, counts) are left out, as they differ between any two businesses.

type Kind =
  | 'null'
  | 'boolean'
  | 'number'
  | 'guid'
  | 'datetime'
  | 'iso-datetime'
  | 'date'
  | 'text'
  | 'empty'
  | Container;
type Container = 'array' | 'object' | 'array-of';

export type Shape = Map<string, Set<Kind>>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stringKind(text: string): Kind {
  if (text === '') return 'empty';
  if (GUID.test(text)) return 'guid';
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(text)) return 'datetime';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(text)) return 'iso-datetime';
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return 'date';
  return 'text';
}

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'array' : 'array-of';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return stringKind(value);
    default:
      return 'object';
  }
}

export function shapeOf(value: unknown): Shape {
  const shape: Shape = new Map();
  const walk = (v: unknown, path: string) => {
    const kinds = shape.get(path) ?? new Set<Kind>();
    shape.set(path, kinds);
    const kind = kindOf(v);
    kinds.add(kind === 'array-of' ? 'array' : kind);
    if (kind === 'array-of') {
      kinds.add('array-of');
      for (const item of v as unknown[]) walk(item, `${path}[]`);
    } else if (kind === 'object') {
      for (const [k, child] of Object.entries(v as object)) walk(child, path === '' ? k : `${path}.${k}`);
    }
  };
  walk(value, '');
  return shape;
}

const WORDS: Record<string, string> = {
  null: 'null',
  boolean: 'a boolean',
  number: 'a number',
  guid: 'a Guid',
  datetime: "a DateTime 'yyyy-MM-dd HH:mm'",
  'iso-datetime': 'an ISO 8601 date-time',
  date: "a date 'yyyy-MM-dd'",
  text: 'text',
  array: 'an array',
  object: 'an object',
};

const describe = (kinds: Set<Kind>): string => [...kinds].map((k) => WORDS[k] ?? k).join(' or ');
const where = (path: string): string => (path === '' ? 'the body' : `'${path}'`);

/** Where a path's value is looked into on both sides: its parent is an object, or an array with items, on each. */
function comparable(path: string, a: Shape, b: Shape): boolean {
  if (path === '') return true;
  const parent = path.endsWith('[]') ? path.slice(0, -2) : path.slice(0, Math.max(0, path.lastIndexOf('.')));
  const want: Kind = path.endsWith('[]') ? 'array-of' : 'object';
  return (a.get(parent)?.has(want) ?? false) && (b.get(parent)?.has(want) ?? false);
}

// Kinds whose null on one side is a difference: the API answers an empty Guid, array or object, not null.
const NEVER_NULL: Kind[] = ['guid', 'array', 'object'];

/** A difference between two shapes, at the path of the field it is about. */
export interface ShapeDifference {
  path: string;
  text: string;
}

/** The differences between two shapes, `a` seen on the target and `b` on the simulator. */
export function compareShapes(a: Shape, b: Shape): ShapeDifference[] {
  const out: ShapeDifference[] = [];
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const onlyOn = (mine: Shape, theirs: Shape) =>
    paths.filter((p) => mine.has(p) && !theirs.has(p) && comparable(p, a, b));
  const onTarget = onlyOn(a, b);
  const onSimulator = onlyOn(b, a);
  for (const path of onTarget) {
    // The same name in another casing is one difference, not two: the simulator's field.
    const twin = onSimulator.find((p) => p.toLowerCase() === path.toLowerCase());
    if (twin) out.push({ path: twin, text: `field ${where(path)} on the target is ${where(twin)} on the simulator` });
    else out.push({ path, text: `field ${where(path)} only on the target` });
  }
  for (const path of onSimulator) {
    if (!onTarget.some((p) => p.toLowerCase() === path.toLowerCase()))
      out.push({ path, text: `field ${where(path)} only on the simulator` });
  }
  for (const path of paths) {
    if (!comparable(path, a, b)) continue;
    const ka = a.get(path);
    const kb = b.get(path);
    if (!ka || !kb) continue;
    const onlyNull = (k: Set<Kind>) => k.size === 1 && k.has('null');
    const valued = (k: Set<Kind>) => !k.has('null') && NEVER_NULL.some((n) => k.has(n));
    if ((onlyNull(ka) && valued(kb)) || (onlyNull(kb) && valued(ka))) {
      out.push({ path, text: `${where(path)}: ${describe(ka)} on the target, ${describe(kb)} on the simulator` });
      continue;
    }
    const values = (k: Set<Kind>) => new Set([...k].filter((x) => x !== 'null' && x !== 'empty' && x !== 'array-of'));
    const va = values(ka);
    const vb = values(kb);
    if (va.size === 0 || vb.size === 0) continue;
    if (va.size !== vb.size || [...va].some((k) => !vb.has(k))) {
      out.push({ path, text: `${where(path)}: ${describe(va)} on the target, ${describe(vb)} on the simulator` });
    }
  }
  return out;
}
