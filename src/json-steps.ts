import { MAX_JSON_DEPTH } from './json-depth.js';

// JSON read and written in steps (a generator that yields where the work may pause, as world/steps.ts
// describes; the caller runs it in slices of the event loop's time), so that a large document, an
// account snapshot of tens of MiB, never holds the loop for the time of one JSON.parse or
// JSON.stringify of the whole: those grow with its size, and, for a parse, with how densely it
// packs values (32 MiB of `{}` take JSON.parse 5 s). It is read from its UTF-8 bytes, which are
// never decoded whole: 64 MiB decoded and joined into one string held the loop 50 ms and more.

type Steps<T> = Generator<void, T, void>;

/** Bytes of JSON parsed by one JSON.parse at most: a longer array or object is parsed a few members at a time. */
const PIECE_BYTES = 32 * 1024;
/** Bytes scanned in one step. */
const SCAN_BYTES = 256 * 1024;
/** Characters of JSON written in one part by `jsonParts`. */
const PART_CHARS = 256 * 1024;

/** JSON nested deeper than the depth allowed: refused before anything is parsed. */
export class JsonTooDeepError extends Error {}

/** A run of members parsed together (`from` to `to`, the text between two commas or brackets), or one large member. */
type Item = { from: number; to: number } | { node: Node; key: [number, number] | undefined };

/** An array or object longer than a piece: its members in runs, and its large members apart. */
interface Node {
  array: boolean;
  items: Item[];
  /** An array: how many elements it has. */
  members: number;
}

/** An array or object open at the point of the scan. */
interface Frame {
  array: boolean;
  /** Where its `[` or `{` is. */
  start: number;
  /** Made once the first run is set apart: a small array or object needs none. */
  items: Item[] | undefined;
  /** Where the run of members not yet added to `items` begins, and how many members it holds. */
  runFrom: number;
  runMembers: number;
  /** Where the current member begins (after the bracket or the comma), and whether it has any value yet. */
  memberFrom: number;
  valued: boolean;
  /** Members ended so far. */
  members: number;
  /** An object: the next string is a member's name; the current member's name, where it is. */
  wantsKey: boolean;
  key: [number, number] | undefined;
  /** A large array or object in the current member, and where it ends. */
  large: { node: Node; start: number; end: number } | undefined;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * JSON with an array or object of more members, or a string or number of more bytes, than allowed:
 * refused before anything is parsed.
 */
export class JsonTooLongError extends Error {}

export interface JsonLimits {
  /** Nesting of arrays and objects (MAX_JSON_DEPTH by default): deeper is a JsonTooDeepError. */
  maxDepth?: number;
  /** Members of one array or object (no bound by default): more is a JsonTooLongError. */
  maxMembers?: number;
  /**
   * Bytes of one string or number (no bound by default; a member of an array or object is counted with
   * its name and the white space around it): more is a JsonTooLongError. Each is parsed at once.
   */
  maxValueBytes?: number;
  /** Bytes parsed at once; for tests. */
  pieceBytes?: number;
}

/**
 * `JSON.parse(text)` of the UTF-8 text in `bytes` (decoded as TextDecoder decodes it: invalid bytes
 * are U+FFFD, a byte order mark at the start is dropped), as steps: the same value, or the same
 * refusal (a SyntaxError). Text nesting arrays and objects deeper than `maxDepth` (counted as
 * json-depth.ts counts, whatever else is wrong with the text) is a JsonTooDeepError, an array or
 * object of more than `maxMembers` members or a string or number of more than `maxValueBytes` a
 * JsonTooLongError, each before any of it is parsed. The bytes are scanned a few hundred KiB at a
 * time; an array or object of more than 32 KiB is then parsed a run of members at a time (each run
 * at most 32 KiB, or one string or number), so no step parses more than a piece of the text or one
 * value, whatever the text holds.
 */
export function* parseJsonInSteps(bytes: Uint8Array, limits: JsonLimits = {}): Steps<unknown> {
  const {
    maxDepth = MAX_JSON_DEPTH,
    maxMembers = Number.POSITIVE_INFINITY,
    maxValueBytes = Number.POSITIVE_INFINITY,
    pieceBytes = PIECE_BYTES,
  } = limits;
  const tooLong = () => new JsonTooLongError(`a string or number of more than ${maxValueBytes} bytes`);
  // The open arrays and objects, outermost first: `open` of them, each a frame kept for its depth and used again.
  const stack: Frame[] = [];
  let open = 0;
  let depth = 0;
  let bad = false;
  /** The whole text's array or object, once closed, when it is large; where it ends. */
  let root: Node | undefined;
  let rootStart = -1;
  let rootEnd = -1;
  /** Past the last byte of a whole that is no array or object (a string, a number). */
  let valueEnd = -1;
  /** A string without its closing quote. */
  let unclosed = false;

  /** The member of `frame` ending at `end` (a comma or the closing bracket) is added to its runs. */
  const endMember = (frame: Frame, end: number, closing: boolean) => {
    const { large } = frame;
    if (large) {
      // Around a large value only the member's name, the colon and white space: checked here, as no parse sees it.
      if (!onlySpace(bytes, large.end, end) || !leadsTo(frame, large.start)) bad = true;
      if (frame.runMembers > 0) add(frame, { from: frame.runFrom, to: frame.memberFrom - 1 });
      add(frame, { node: large.node, key: frame.key });
      frame.runFrom = end + 1;
      frame.runMembers = 0;
      frame.large = undefined;
    } else if (!frame.valued) {
      // Nothing between two commas, or after the last: only `[]` and `{}` may be empty.
      if (!closing || frame.members > 0) bad = true;
      return;
    } else {
      if (end - frame.memberFrom > maxValueBytes) throw tooLong();
      if (frame.runMembers > 0 && end - frame.runFrom > pieceBytes) {
        add(frame, { from: frame.runFrom, to: frame.memberFrom - 1 });
        frame.runFrom = frame.memberFrom;
        frame.runMembers = 0;
      }
      frame.runMembers++;
    }
    if (++frame.members > maxMembers)
      throw new JsonTooLongError(`an array or object of more than ${maxMembers} members`);
  };

  /** The text from the member's start to a large value in it: white space, and in an object `"name" :`. */
  const leadsTo = (frame: Frame, start: number): boolean => {
    if (frame.array) return onlySpace(bytes, frame.memberFrom, start);
    const key = frame.key;
    if (!key || !onlySpace(bytes, frame.memberFrom, key[0])) return false;
    let i = key[1];
    while (i < start && isSpace(bytes[i]!)) i++;
    return bytes[i] === 0x3a && onlySpace(bytes, i + 1, start);
  };

  // A byte order mark is dropped as TextDecoder drops it: at the very start only.
  const first = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let i = first;
  while (i < bytes.length) {
    yield;
    const to = Math.min(i + SCAN_BYTES, bytes.length);
    for (; i < to; i++) {
      // No byte of a UTF-8 character beyond ASCII is an ASCII byte: every byte compared here is one.
      const c = bytes[i]!;
      if (isSpace(c)) continue;
      const frame = stack[open - 1];
      if (c === 0x22) {
        // A string, read to its closing quote at once: the first quote after an even run of backslashes.
        const from = i;
        i = stringEnd(bytes, i);
        if (i < 0) {
          unclosed = true;
          i = bytes.length;
          break;
        }
        if (bad) continue;
        if (frame) {
          frame.valued = true;
          if (frame.wantsKey) {
            frame.key = [from, i + 1];
            frame.wantsKey = false;
          }
        } else if (rootEnd >= 0) bad = true;
        else {
          if (rootStart < 0) rootStart = from;
          valueEnd = i + 1;
        }
      } else if (c === 0x5b || c === 0x7b) {
        if (++depth > maxDepth) throw new JsonTooDeepError(`JSON nested more than ${maxDepth} levels deep`);
        if (bad) continue;
        if (frame) frame.valued = true;
        else if (rootStart >= 0)
          bad = true; // a second value after the whole
        else rootStart = i;
        const array = c === 0x5b;
        const next = (stack[open++] ??= {} as Frame);
        next.array = array;
        next.start = i;
        next.items = undefined;
        next.runFrom = i + 1;
        next.runMembers = 0;
        next.memberFrom = i + 1;
        next.valued = false;
        next.members = 0;
        next.wantsKey = !array;
        next.key = undefined;
        next.large = undefined;
      } else if (c === 0x5d || c === 0x7d) {
        depth--;
        if (bad) continue;
        if (!frame || frame.array !== (c === 0x5d)) {
          bad = true;
          continue;
        }
        endMember(frame, i, true);
        open--;
        const parent = stack[open - 1];
        let large: Node | undefined;
        if (i + 1 - frame.start > pieceBytes) {
          if (frame.runMembers > 0) add(frame, { from: frame.runFrom, to: i });
          large = { array: frame.array, items: frame.items ?? [], members: frame.members };
        }
        if (!parent) {
          root = large;
          rootEnd = i + 1;
        } else if (large) {
          // Two values in one member: `[[…] […]]`.
          if (parent.large) bad = true;
          parent.large = { node: large, start: frame.start, end: i + 1 };
        }
      } else if (bad) {
        // Only the nesting is counted from here.
      } else if (c === 0x2c) {
        if (!frame) bad = true;
        else {
          endMember(frame, i, false);
          frame.memberFrom = i + 1;
          frame.valued = false;
          frame.wantsKey = !frame.array;
          frame.key = undefined;
        }
      } else if (frame) frame.valued = true;
      else if (rootEnd >= 0) bad = true;
      else {
        if (rootStart < 0) rootStart = i;
        valueEnd = i + 1;
      }
    }
  }
  if (bad || unclosed || open > 0 || rootStart < 0) throw new SyntaxError('not valid JSON');
  // Only white space lies around the whole: anything else there set `bad`.
  if (root) return yield* build(bytes, root);
  // A small array or object: one parse.
  if (rootEnd >= 0) return JSON.parse(textOf(bytes, rootStart, rootEnd));
  // No array or object: one parse, which judges what lies between the first byte and the last too.
  if (valueEnd - rootStart > maxValueBytes) throw tooLong();
  return JSON.parse(textOf(bytes, rootStart, valueEnd));
}

/**
 * A part of the text decoded. Parts begin and end at ASCII bytes (brackets, commas, quotes), so no
 * character is cut; a byte order mark at a part's start is kept, as in the text decoded whole.
 */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const textOf = (bytes: Uint8Array, from: number, to: number) => decoder.decode(bytes.subarray(from, to));

function add(frame: Frame, item: Item): void {
  if (frame.items) frame.items.push(item);
  else frame.items = [item];
}

/** Where the string opened at `from` closes: the first quote after it that is not escaped; -1 when none does. */
function stringEnd(bytes: Uint8Array, from: number): number {
  for (let quote = bytes.indexOf(0x22, from + 1); quote >= 0; quote = bytes.indexOf(0x22, quote + 1)) {
    let slash = quote - 1;
    while (bytes[slash] === 0x5c) slash--;
    if ((quote - 1 - slash) % 2 === 0) return quote;
  }
  return -1;
}

function onlySpace(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(bytes[i]!)) return false;
  return true;
}

/** Whether the text is empty or white space only (a byte order mark at the start aside). */
export function blankJson(bytes: Uint8Array): boolean {
  return onlySpace(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0, bytes.length);
}

/** The value of a large array or object: its runs parsed one at a time, its large members built the same way. */
function* build(bytes: Uint8Array, node: Node): Steps<unknown> {
  // An array is made at its length at once: grown element by element, millions of them are copied again and again.
  const out: unknown[] | Record<string, unknown> = node.array ? new Array(node.members) : {};
  let n = 0;
  for (const item of node.items) {
    yield;
    if ('node' in item) {
      const value = yield* build(bytes, item.node);
      if (Array.isArray(out)) out[n++] = value;
      else set(out, JSON.parse(textOf(bytes, item.key![0], item.key![1])) as string, value);
    } else if (Array.isArray(out)) {
      const run = JSON.parse(`[${textOf(bytes, item.from, item.to)}]`) as unknown[];
      for (const value of run) out[n++] = value;
    } else {
      const run = JSON.parse(`{${textOf(bytes, item.from, item.to)}}`) as Record<string, unknown>;
      for (const key of Object.keys(run)) set(out, key, run[key]);
    }
  }
  return out;
}

/**
 * A member set as JSON.parse sets it: a name given twice keeps its first place and its last value,
 * and `__proto__` is a member like any other, not the object's prototype.
 */
function set(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/**
 * The text of `JSON.stringify(value)` for an object of plain JSON values, in pieces: its members
 * written when this is called (a member changed later does not change the text), but the elements
 * of its arrays, which are written one at a time as the pieces are taken (`changes` of a snapshot:
 * tens of thousands of records). The arrays must not change meanwhile: records are frozen, and the
 * lists are the caller's own. Each element is one piece, so a step costs one element's JSON.
 */
export function jsonPieces(value: Record<string, unknown>): Generator<string, void, void> {
  const parts: (string | readonly unknown[])[] = [];
  let text = '{';
  for (const [key, member] of Object.entries(value)) {
    const json = Array.isArray(member) ? '' : JSON.stringify(member);
    if (json === undefined) continue; // left out, as JSON.stringify leaves out undefined
    text += `${text === '{' && parts.length === 0 ? '' : ','}${JSON.stringify(key)}:${json}`;
    if (!Array.isArray(member)) continue;
    parts.push(text, member);
    text = '';
  }
  parts.push(`${text}}`);
  return (function* () {
    for (const part of parts) {
      if (typeof part === 'string') {
        yield part;
        continue;
      }
      yield '[';
      for (let i = 0; i < part.length; i++) yield `${i > 0 ? ',' : ''}${JSON.stringify(part[i]) ?? 'null'}`;
      yield ']';
    }
  })();
}

/**
 * The pieces of `jsonPieces` gathered into parts of about 256 KiB of text (one long element may make a
 * longer one): its members written when this is called, its arrays' elements as the parts are taken.
 */
export function jsonParts(value: Record<string, unknown>, partChars = PART_CHARS): Generator<string, void, void> {
  const pieces = jsonPieces(value);
  return (function* () {
    let part = '';
    for (const piece of pieces) {
      part += piece;
      if (part.length < partChars) continue;
      yield part;
      part = '';
    }
    if (part !== '') yield part;
  })();
}
