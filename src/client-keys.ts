import { firstUnder, type KeyedRows, keyedRows, keyedRowsReady, type RowKeys } from './accounts/keyed-fold.js';
import type { RowFold } from './accounts/row-fold.js';
import type { Client } from './world/clients.js';
import type { Steps } from './world/steps.js';

// The clients by id, e-mail and mobile, kept per clients array and carried over to the array a
// write makes from it (accounts/keyed-fold.ts): a lookup costs the clients holding the key, not the
// table.

const folds = new WeakMap<readonly object[], RowFold<KeyedRows>>();

/** The e-mail as emailexists compares it: trimmed, case-insensitive; blank matches nothing. */
export const emailKey = (text: string): string => text.trim().toLowerCase();
/** The mobile as mobileexists compares it: trimmed, as typed; blank matches nothing. */
export const mobileKey = (text: string): string => text.trim();

const KEYS = {
  byId: (row) => (row as Client).ClientId,
  byEmail: (row) => emailKey((row as Client).Email),
  byMobile: (row) => mobileKey((row as Client).MobilePhone),
} satisfies RowKeys;

type Index = keyof typeof KEYS;

/** The first client of `rows` (in their order) under `key` in the index that `accepts` accepts. */
export function firstClientBy<C extends Client>(
  rows: readonly C[],
  index: Index,
  key: string,
  accepts: (client: C) => boolean,
): C | undefined {
  if (key === '') return undefined;
  return firstUnder(
    { fold: keyedRows(folds, rows, KEYS), name: index, key, keyOf: KEYS[index] },
    rows,
    'ClientId',
    accepts,
  );
}

/** The client of `rows` with this id (the first, in their order): the one lookup by id every area uses. */
export const clientWithId = <C extends Client>(rows: readonly C[], id: string): C | undefined =>
  firstClientBy(rows, 'byId', id, () => true);

/** Makes the clients' index of `rows` in steps: a list whose rows look clients up calls it first. */
export const clientsReady = (rows: readonly Client[]): Steps<void> => keyedRowsReady(folds, rows, KEYS);
