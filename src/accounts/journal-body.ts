import { nestedTooDeep } from '../json-depth.js';
import { REDACTED, redactJson, SECRET_NAMES } from '../redact.js';

// Bodies as the journal keeps them: text of at most MAX_JOURNAL_TEXT characters with every secret
// already gone, parsed only when the journal is read. A longer body leaves a truncation mark.

/** The longest body (request or answer) kept whole: 16 KiB of text, counted in characters. */
export const MAX_JOURNAL_TEXT = 16_384;
/** The most characters of a truncated body kept as its `prefix`. */
export const TRUNCATED_PREFIX = 1024;
/** The longest header value kept. */
export const MAX_JOURNAL_HEADER = 256;
/** The longest path and query string kept (a longer one is cut: a query's last value may be cut short). */
export const MAX_JOURNAL_PATH = 2048;
export const MAX_JOURNAL_SEARCH = 8192;

/** What stands for a body longer than MAX_JOURNAL_TEXT: its size and its first characters. */
export interface TruncatedBody {
  _truncated: true;
  /** The whole body's size in UTF-8 bytes. */
  bytes: number;
  /** The body's first characters, cut before anything that could name a secret. */
  prefix: string;
}

/** A body kept: its text (JSON redacted, or other text), or the mark of a truncated one. */
export type CapturedBody = string | TruncatedBody;

/**
 * The body as the journal keeps it. JSON loses the value of every secret-bearing member name;
 * text that is not JSON but names a secret is kept as `[redacted]` when `plainText` is 'redact'
 * (a request: a form could carry a password), as it is when 'keep' (the simulator's own words).
 */
export function captureBody(text: string, plainText: 'keep' | 'redact'): CapturedBody {
  if (text.length > MAX_JOURNAL_TEXT) return truncated(text);
  // Passed over unparsed when no secret name appears and no escape could spell one (`pass\u0077ord`).
  if (!SECRET_NAMES.test(text) && !text.includes('\\')) return text;
  const asText = () => (plainText === 'redact' && SECRET_NAMES.test(text) ? REDACTED : text);
  // Too deep to walk safely: kept as text, so no reader ever parses it (see readCaptured).
  if (nestedTooDeep(text)) return asText();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return asText();
  }
  return JSON.stringify(redactJson(json));
}

const encoded = new WeakMap<Uint8Array, CapturedBody>();

/** An encoded answer (a reused one, shared by every call it answers) captured once. */
export function captureBytes(bytes: Uint8Array): CapturedBody {
  let captured = encoded.get(bytes);
  if (captured === undefined) {
    const text =
      bytes.byteLength > 4 * MAX_JOURNAL_TEXT
        ? new TextDecoder().decode(bytes.subarray(0, 4 * MAX_JOURNAL_TEXT)) // enough to be over the cap
        : new TextDecoder().decode(bytes);
    captured =
      text.length > MAX_JOURNAL_TEXT ? { ...truncated(text), bytes: bytes.byteLength } : captureBody(text, 'keep');
    encoded.set(bytes, captured);
  }
  return captured;
}

/** The mark of a body too long to keep: its size and a prefix that stops before any secret name or escape. */
function truncated(text: string): TruncatedBody {
  const head = text.slice(0, TRUNCATED_PREFIX);
  const secret = head.search(SECRET_NAMES);
  const backslash = head.indexOf('\\');
  const cut = Math.min(...[head.length, secret, backslash].filter((i) => i >= 0));
  return { _truncated: true, bytes: Buffer.byteLength(text), prefix: copied(head.slice(0, cut)) };
}

/**
 * A copy of a string cut from a longer one. V8 may keep a cut as a view of the whole string, which
 * would keep a large body alive for as long as its journal entry; a copy holds only its own characters.
 */
export function copied(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A kept body as read: parsed JSON, text as it was (also JSON nested too deep to walk), or the truncation mark. */
export function readCaptured(body: CapturedBody): unknown {
  if (typeof body !== 'string') return { ...body };
  if (nestedTooDeep(body)) return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
