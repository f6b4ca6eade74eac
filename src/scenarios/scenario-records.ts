import { randomBytes } from 'node:crypto';
import type { Account } from '../accounts/account.js';
import { deepFreeze } from '../accounts/freeze.js';
import { foldRows, type RowFold } from '../accounts/row-fold.js';
import { slicePauses } from '../accounts/slices.js';
import { collectionTable, type Table } from '../accounts/tables.js';
import type { Collection } from '../accounts/worlds.js';
import { hashPassword, normalisePassword } from '../clients/account-password.js';
import { endpoints } from '../endpoints.js';
import { ApiError } from '../errors/errors.js';
import { formatPath } from '../field-path.js';
import { GUID } from '../http/guid.js';
import { endpointNamed, invoke } from '../http/invoke.js';
import { editRecord } from '../records.js';
import { SUBSCRIPTIONS, type Subscription } from '../webhooks/subscriptions.js';
import type { World } from '../world/index.js';
import { sha1LegacyHash } from '../world/passwords.js';
import { pathText, ScenarioError } from './load.js';
import { CREATE, fieldsNotCreated, ID_FIELDS, type Resource } from './record-fields.js';

// Scenario records: an entry whose id names an existing record changes it (its fields merged on);
// any other entry is created through the resource's own create endpoint, so defaults and
// validation are exactly the API's. An id given in a created entry becomes the record's id.

type Entry = Record<string, unknown> & {
  $query?: Record<string, string | number | boolean>;
  $password?: { plain: string; hash: 'pbkdf2' | 'legacy' };
};
type Row = Record<string, unknown>;

/**
 * One resource's records: its table (a world collection, or the account's webhook subscriptions)
 * and how a stored record of it becomes a changeable copy in its place (stored records are frozen).
 * A scenario works on records by field name, as the loader checked them, so beyond the table its
 * rows are objects.
 */
interface Records<R extends object> {
  table: Table<readonly R[]>;
  editable(account: Account, row: R): R;
}

const WEBHOOKS: Records<Subscription> = {
  table: SUBSCRIPTIONS,
  editable(account, row) {
    if (!Object.isFrozen(row)) return row;
    const copy = structuredClone(row);
    const data = account.store.data;
    SUBSCRIPTIONS.set(
      data,
      SUBSCRIPTIONS.rows(data).map((s) => (s === row ? copy : s)),
    );
    return copy;
  },
};

const collectionRecords = (key: Collection): Records<World[Collection][number]> => ({
  table: collectionTable(key),
  editable: (account, row) => editRecord(account.world, key, row),
});

function recordsOf(resource: Resource): Records<object> {
  return resource === 'webhooks' ? WEBHOOKS : collectionRecords(resource);
}

/**
 * The rows of one resource by id, gathered once per array of rows (see accounts/row-fold.ts), so
 * finding the record an entry names does not read the whole table for every entry.
 */
class RowsById {
  private readonly folds = new Map<readonly object[], RowFold<Map<unknown, object>>>();
  constructor(
    private readonly account: Account,
    private readonly records: Records<object>,
  ) {}

  private rows(): readonly object[] {
    return this.records.table.rows(this.account.store.data);
  }

  find(id: unknown): object | undefined {
    const { table } = this.records;
    const rows = this.rows();
    if (!this.folds.has(rows)) this.folds.clear();
    const { state, open } = foldRows(
      this.folds,
      rows,
      () => new Map<unknown, object>(),
      (byId, row) => {
        byId.set(table.keyOf(row), row);
      },
    );
    return state.get(id) ?? open.find((r) => table.keyOf(r) === id);
  }

  /** A changeable copy of the record in its place, what was gathered carried over (see `replaced`). */
  editable(row: object): object {
    const copy = this.records.editable(this.account, row);
    this.replaced(row, copy);
    return copy;
  }

  /**
   * A stored record was just replaced by its changeable copy: the new array differs from the one
   * last read only there, so what was gathered carries over instead of being read again.
   */
  private replaced(before: object, after: object): void {
    if (before === after) return;
    const rows = this.rows();
    const [last, fold] = [...this.folds][0] ?? [];
    if (!last || !fold || last === rows || last.length !== rows.length) return;
    const id = this.records.table.keyOf(after);
    if (fold.state.get(id) !== before) return;
    fold.state.set(id, after);
    this.folds.clear();
    this.folds.set(rows, fold);
  }
}

export async function applyRecords(
  account: Account,
  now: number,
  records: Partial<Record<Resource, Entry[]>>,
  source: string,
): Promise<void> {
  const pause = slicePauses();
  for (const [resource, entries] of Object.entries(records) as [Resource, Entry[]][]) {
    const rows = new RowsById(account, recordsOf(resource));
    for (const [index, entry] of entries.entries()) {
      // A scenario of many records is one write, applied in slices: between them the process
      // answers other requests (other accounts, health), while this account's wait for the write.
      const paused = pause();
      if (paused) await paused;
      const at = `${source}: ${pathText(['records', resource, index])}`;
      const id = entry[ID_FIELDS[resource]];
      const existing = typeof id === 'string' ? rows.find(id) : undefined;
      const record = existing
        ? change(rows.editable(existing), entry, at)
        : await create(account, now, resource, entry, rows, at);
      if (entry.$password) setPassword(record, entry.$password, resource, at);
      // A created record is done with: frozen now, as the write's end would, so the reads of the
      // next entries take it as settled (a later entry that changes it works on a copy).
      if (!existing) deepFreeze(record);
    }
  }
}

function fieldsOf(entry: Entry): Row {
  const { $query: _query, $password: _password, ...fields } = entry;
  return fields;
}

function change(record: object, entry: Entry, at: string): object {
  if (entry.$query) throw new ScenarioError(`${at}.$query: only a created record has a query`);
  for (const [field, value] of Object.entries(fieldsOf(entry))) {
    if (!(field in record)) throw new ScenarioError(`${at}.${field}: the record has no field ${field}`);
    setField(record, field, value);
  }
  return record;
}

/** Sets a field of a changeable record (the loader checked its name against the record's fields). */
function setField(record: object, field: string, value: unknown): void {
  Object.assign(record, { [field]: value });
}

async function create(
  account: Account,
  now: number,
  resource: Resource,
  entry: Entry,
  byId: RowsById,
  at: string,
): Promise<object> {
  const idField = ID_FIELDS[resource];
  const route = CREATE[resource];
  const endpoint = route ? endpointNamed(endpoints, route) : undefined;
  if (!endpoint) {
    const id = entry[idField];
    throw new ScenarioError(
      id === undefined
        ? `${at}: ${resource} cannot be created (the API has no create ` +
            `endpoint); name an existing record by ${idField} to change it`
        : `${at}.${idField}: no ${resource} record has this id, and ${resource} cannot be created`,
    );
  }
  const wanted = entry[idField];
  if (wanted !== undefined && (typeof wanted !== 'string' || !GUID.test(wanted))) {
    throw new ScenarioError(`${at}.${idField}: expected a Guid (lowercase hex, 8-4-4-4-12)`);
  }
  const body: Row = fieldsOf(entry);
  // The loader knows a field's name, not whether the entry creates or changes: a stored field the
  // create endpoint does not take would be dropped by it.
  const [notTaken] = fieldsNotCreated(resource, body);
  if (notTaken) {
    const field = formatPath(notTaken);
    throw new ScenarioError(
      `${at}.${field}: the API does not take ${field} when it creates a ${resource} record; ` +
        `only a record named by its ${idField} can have it changed`,
    );
  }
  if (resource === 'classBookings') {
    // The API stores a booking under the id its caller sends, and only with ObjectState 1.
    body.ClassBookingId ??= account.random.guid();
    body.ObjectState ??= 1;
  } else {
    delete body[idField];
  }
  const query = { ...queryFromFields(endpoint.query ?? {}, body), ...entry.$query };
  let answer: unknown;
  try {
    const reply = await invoke(endpoint, account, now, { query, body });
    answer = typeof reply.body === 'string' ? JSON.parse(reply.body) : undefined;
  } catch (error) {
    if (error instanceof ApiError) throw new ScenarioError(`${at}: the API refused it: ${refusal(error)}`);
    throw error;
  }
  const made = resource === 'webhooks' ? (answer as Row).webhook_id : (answer as Row).Value;
  const found = byId.find(made);
  // The record the API just made is still the write's own (not frozen): no copy to put in its place.
  const record = found && (Object.isFrozen(found) ? byId.editable(found) : found);
  if (!record)
    throw new ScenarioError(`${at}: the API accepted it but stored nothing (for classBookings, ObjectState must be 1)`);
  if (typeof wanted === 'string' && wanted !== made) {
    if (byId.find(wanted)) throw new ScenarioError(`${at}.${idField}: already in use`);
    replaceId(record, made as string, wanted);
  }
  return record;
}

/** A declared query parameter comes from the entry's field of that name (siteId ← SiteId) unless $query gives it. */
function queryFromFields(params: Record<string, unknown>, fields: Row): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(params)) {
    const field = Object.keys(fields).find((f) => f.toLowerCase() === name.toLowerCase());
    const value = field === undefined ? undefined : fields[field];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
  }
  return out;
}

/** Model state as `Field: message; …`, else the API's message or status. */
function refusal(error: ApiError): string {
  try {
    const body = JSON.parse(error.body) as { Message?: string; ModelState?: Record<string, string[]>; error?: string };
    if (body.ModelState) {
      return Object.entries(body.ModelState)
        .map(([field, messages]) => `${field}: ${messages.map(unquoted).join(' ')}`)
        .join('; ');
    }
    return unquoted(`${error.status} ${body.Message ?? body.error ?? ''}`.trim());
  } catch {
    return unquoted(`${error.status} ${error.body}`.trim());
  }
}

/**
 * The API quotes the value it refused (`The value 'x' is not valid for Guid.`); a scenario error does not repeat it.
 */
function unquoted(message: string): string {
  return message.replace(/'[\s\S]*'/, "'…'");
}

/** The new record's own references to its generated id (notes, lines, services) follow the id. */
function replaceId(value: unknown, from: string, to: string): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      if (item === from) value[i] = to;
      else replaceId(item, from, to);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (item === from) setField(value, key, to);
      else replaceId(item, from, to);
    }
  }
}

function setPassword(record: object, password: NonNullable<Entry['$password']>, resource: Resource, at: string): void {
  if (resource !== 'clients') throw new ScenarioError(`${at}.$password: only client entries have a password`);
  const plain = normalisePassword(password.plain);
  setField(
    record,
    'PasswordHash',
    password.hash === 'legacy' ? sha1LegacyHash(plain, randomBytes(16)) : hashPassword(plain),
  );
}
