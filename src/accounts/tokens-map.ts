import type { TokenRecord } from '../auth/credentials.js';

// Access tokens can number tens of thousands per account, so they are not copied on each write
// like the other tables: the map records the value each hash had before its first change in a
// transaction, which is enough both to roll the transaction back and to persist what changed.

type Tokens = Record<string, TokenRecord>;

interface Tracker {
  raw: Tokens;
  /** Hash -> value before the transaction's first change (undefined = absent); set while a transaction runs. */
  touched?: Map<string, TokenRecord | undefined>;
}

const trackers = new WeakMap<object, Tracker>();

/** The tokens map to hand to the auth code: reads and writes as a plain object. */
export function trackedTokens(raw: Tokens): Tokens {
  const tracker: Tracker = { raw };
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && tracker.touched && !tracker.touched.has(key)) tracker.touched.set(key, raw[key]);
  };
  const proxy = new Proxy(raw, {
    set(target, key, value) {
      note(key);
      return Reflect.set(target, key, value);
    },
    deleteProperty(target, key) {
      note(key);
      return Reflect.deleteProperty(target, key);
    },
    defineProperty(target, key, descriptor) {
      note(key);
      return Reflect.defineProperty(target, key, descriptor);
    },
  });
  trackers.set(proxy, tracker);
  return proxy;
}

function trackerOf(tokens: Tokens): Tracker {
  const tracker = trackers.get(tokens);
  if (!tracker) throw new Error('tokens map is not tracked');
  return tracker;
}

/** Starts recording changes; returns the record, filled as the transaction writes. */
export function beginTokens(tokens: Tokens): Map<string, TokenRecord | undefined> {
  const touched = new Map<string, TokenRecord | undefined>();
  trackerOf(tokens).touched = touched;
  return touched;
}

export function endTokens(tokens: Tokens): void {
  trackerOf(tokens).touched = undefined;
}

/**
 * Moves on each rollback, as a hidden property of the map: anything kept beside the map (the
 * auth code's index of tokens by credential) compares it and rebuilds itself when it moved.
 */
export const TOKENS_GENERATION = Symbol.for('business-api-sim.tokens-generation');

/** Puts back the values recorded before the transaction. */
export function rollbackTokens(tokens: Tokens, touched: Map<string, TokenRecord | undefined>): void {
  if (touched.size === 0) return;
  const { raw } = trackerOf(tokens);
  for (const [hash, before] of touched) {
    if (before === undefined) delete raw[hash];
    else raw[hash] = before;
  }
  const generation = ((raw as Record<symbol, number>)[TOKENS_GENERATION] ?? 0) + 1;
  Object.defineProperty(raw, TOKENS_GENERATION, {
    value: generation,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

/** The map's rollback count (see TOKENS_GENERATION). */
export function tokensGeneration(tokens: Tokens): number {
  return (trackerOf(tokens).raw as Record<symbol, number>)[TOKENS_GENERATION] ?? 0;
}

/** The values the touched hashes hold now (undefined = absent): what a transaction wrote. */
export function touchedValues(
  tokens: Tokens,
  touched: Map<string, TokenRecord | undefined>,
): Map<string, TokenRecord | undefined> {
  const { raw } = trackerOf(tokens);
  return new Map([...touched.keys()].map((hash) => [hash, raw[hash]]));
}

/**
 * Puts back what a transaction wrote, after `rollbackTokens` took it out while the write was being
 * saved, with the generation the map had then: anything kept beside the map and built from those
 * values is good again (nothing else writes the map meanwhile, as writes run one at a time).
 */
export function redoTokens(tokens: Tokens, values: Map<string, TokenRecord | undefined>, generation: number): void {
  if (values.size === 0) return;
  const { raw } = trackerOf(tokens);
  for (const [hash, value] of values) {
    if (value === undefined) delete raw[hash];
    else raw[hash] = value;
  }
  Object.defineProperty(raw, TOKENS_GENERATION, {
    value: generation,
    enumerable: false,
    configurable: true,
    writable: true,
  });
}

/** Writes values without recording them (loading a file). */
export function rawTokens(tokens: Tokens): Tokens {
  return trackerOf(tokens).raw;
}
