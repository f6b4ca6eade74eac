import { placeIn } from '../accounts/lineage.js';
import { foldRows, type RowFold } from '../accounts/row-fold.js';
import type { Client } from '../world/clients.js';

// The clients by id, e-mail and mobile, kept per clients array and carried over to the array a
// write makes from it (accounts/row-fold.ts): a lookup costs the clients holding the key, not the
// table. A fold read from the whole table is a base no later array changes; what the arrays made
// from it add goes to a small overlay, copied from step to step and folded into a new base once it
// grows past OVERLAY_LIMIT (read again from the whole table: the cost of one row per write). The
// lists may hold versions of a client the array no longer has: a lookup takes the ones the array
// it asks about holds, by their place in it (accounts/lineage.ts).

interface ClientKeys {
  byId: Map<string, Client[]>;
  byEmail: Map<string, Client[]>;
  byMobile: Map<string, Client[]>;
}

interface Keys {
  base: ClientKeys;
  overlay: ClientKeys;
  /** Where the fold adds: the base while it is read from the whole table, the overlay after. */
  into: ClientKeys;
  /** Clients noted in the overlay. */
  added: number;
}

/** Clients an overlay holds before the next array reads the whole table again. */
const OVERLAY_LIMIT = 1024;

const folds = new WeakMap<readonly object[], RowFold<Keys>>();

const noKeys = (): ClientKeys => ({ byId: new Map(), byEmail: new Map(), byMobile: new Map() });

const copyMap = (map: Map<string, Client[]>) => new Map([...map].map(([key, list]) => [key, list.slice()]));

/** The e-mail as emailexists compares it: trimmed, case-insensitive; blank matches nothing. */
export const emailKey = (text: string): string => text.trim().toLowerCase();
/** The mobile as mobileexists compares it: trimmed, as typed; blank matches nothing. */
export const mobileKey = (text: string): string => text.trim();

function note(map: Map<string, Client[]>, key: string, client: Client): void {
  if (key === '') return;
  const list = map.get(key);
  if (list) list.push(client);
  else map.set(key, [client]);
}

type Index = 'byId' | 'byEmail' | 'byMobile';

/** The first client of `rows` (in their order) under `key` in the index that `accepts` accepts. */
export function firstClientBy<C extends Client>(
  rows: readonly C[],
  index: Index,
  key: string,
  accepts: (client: C) => boolean,
): C | undefined {
  const { state, open } = foldRows(
    folds,
    rows,
    (): Keys => {
      const base = noKeys();
      return { base, overlay: noKeys(), into: base, added: 0 };
    },
    (keys, row) => {
      const client = row as Client;
      if (keys.into === keys.overlay) keys.added++;
      note(keys.into.byId, client.ClientId, client);
      note(keys.into.byEmail, emailKey(client.Email), client);
      note(keys.into.byMobile, mobileKey(client.MobilePhone), client);
    },
    (keys) => {
      if (keys.added >= OVERLAY_LIMIT) return undefined;
      const overlay: ClientKeys = {
        byId: copyMap(keys.overlay.byId),
        byEmail: copyMap(keys.overlay.byEmail),
        byMobile: copyMap(keys.overlay.byMobile),
      };
      return { base: keys.base, overlay, into: overlay, added: keys.added };
    },
  );
  let found: C | undefined;
  let foundAt = Infinity;
  const consider = (client: C) => {
    if (!accepts(client)) return;
    const at = placeIn(rows, client, 'ClientId');
    if (at >= 0 && at < foundAt) {
      found = client;
      foundAt = at;
    }
  };
  for (const list of [state.base[index].get(key), state.overlay[index].get(key)])
    for (const client of (list ?? []) as C[]) consider(client);
  for (const row of open) {
    const client = row as C;
    const own =
      index === 'byId' ? client.ClientId : index === 'byEmail' ? emailKey(client.Email) : mobileKey(client.MobilePhone);
    if (own === key) consider(client);
  }
  return found;
}

/** The client of `rows` with this id (the first, in their order): the one lookup by id every area uses. */
export const clientWithId = <C extends Client>(rows: readonly C[], id: string): C | undefined =>
  firstClientBy(rows, 'byId', id, () => true);
