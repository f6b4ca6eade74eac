import { clientsReady, clientWithId } from '../client-keys.js';
import { formatDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors, notValidMessage } from '../errors/model-state.js';
import { widenedEnd } from '../errors/range.js';
import { type SiteRange, searches, startsWithAny } from '../match.js';
import { orderBy } from '../order.js';
import { checkReference, checkSite, editRecord, removeRecord, requireField } from '../records.js';
import { rowsReady, rowsWhere, rowWhere } from '../row-lookup.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { filterInSteps, type Steps, sortInSteps } from '../world/steps.js';
import { SALES_RULES } from './rules.js';

// What documents and entries share: the party a record is with (a client or a supplier), the list
// query (site, dated range, find), and the checks that open a create, an update or a delete.
// Read as `ledger.<name>` by the two models.

type Ledger = 'accountingDocuments' | 'accountingEntries';
type LedgerRecord<K extends Ledger> = World[K][number];

interface Party {
  ClientId: Guid | null;
  SupplierId: Guid | null;
}

const clientOf = (world: World, { ClientId }: Party) =>
  ClientId === null ? undefined : clientWithId(world.clients, ClientId);

const supplierName = (world: World, { SupplierId }: Party): string | null =>
  SupplierId === null ? null : (rowWhere(world.suppliers, 'SupplierId', SupplierId)?.Name ?? null);

/** Makes the lookups of `partyNames` in steps: a list calls it before building its rows. */
export function* partiesReady(world: World): Steps<void> {
  yield* clientsReady(world.clients);
  yield* rowsReady(world.suppliers, 'SupplierId');
}

/** The names list rows show: the client's "First Last" and the supplier's name, null when none. */
export function partyNames(world: World, party: Party) {
  const c = clientOf(world, party);
  return {
    ClientName: c === undefined ? null : `${c.FirstName} ${c.LastName}`,
    SupplierName: supplierName(world, party),
  };
}

/** Texts a starts-with `find` is matched against: first name, last name, "first last", supplier name. */
function partyTexts(world: World, party: Party): string[] {
  const out: string[] = [];
  const c = clientOf(world, party);
  if (c) out.push(c.FirstName, c.LastName, `${c.FirstName} ${c.LastName}`);
  const s = supplierName(world, party);
  if (s !== null) out.push(s);
  return out;
}

export type Query = SiteRange & { find: string };

/**
 * The records of the query's site dated in [start, end + one day] whose number or party starts
 * with `find` and that `also` accepts, ordered by date, then number.
 */
export function* listSteps<T extends Party & { SiteId: Guid }>(
  world: World,
  records: readonly T[],
  q: Query,
  date: (record: T) => string,
  number: (record: T) => string,
  also: (record: T) => boolean,
  /** The records' id field. */
  id: keyof T & string,
): Steps<T[]> {
  const from = formatDateTime(q.start);
  const to = formatDateTime(widenedEnd(q.end));
  yield* partiesReady(world);
  // An empty search matches every record: the party's texts are not looked up.
  const finding = searches(q.find);
  // The site's records, found by the site: the other sites' are not read.
  yield* rowsReady(records, 'SiteId');
  const kept = yield* filterInSteps(
    rowsWhere(records, 'SiteId', q.siteId, id),
    (r) =>
      also(r) &&
      from <= date(r) &&
      date(r) <= to &&
      (!finding || startsWithAny(q.find, [number(r), ...partyTexts(world, r)])),
  );
  return yield* sortInSteps(kept, orderBy(date, number));
}

/** A type number must be one of the known values. Left out, it is required, unless an update keeps the stored one. */
export function checkType<T extends number>(
  field: string,
  known: Record<string, T>,
  sent: number | undefined,
  problems: ModelStateErrors,
  kept?: T,
): T | undefined {
  if (sent === undefined) {
    if (kept === undefined) requireField(problems, field, SALES_RULES.typeRequired);
    return kept;
  }
  if (Object.values<number>(known).includes(sent)) return sent as T;
  problems.add(field, notValidMessage(String(sent), field), SALES_RULES.typeKnown);
  return undefined;
}

/** An id sent non-empty must name a record; null or left out names none. */
export function checkOptional(
  problems: ModelStateErrors,
  field: string,
  id: Guid | null | undefined,
  exists: (id: Guid) => boolean,
): void {
  if (id != null) checkReference(problems, field, id, exists(id), RECORD_RULES.referenceExists);
}

/** ClientId and SupplierId, when given, name a client and a supplier of the account. */
export function checkParty(world: World, party: Partial<Party>, problems: ModelStateErrors): void {
  checkOptional(problems, 'ClientId', party.ClientId, (id) => clientWithId(world.clients, id) !== undefined);
  checkOptional(
    problems,
    'SupplierId',
    party.SupplierId,
    (id) => rowWhere(world.suppliers, 'SupplierId', id) !== undefined,
  );
}

/** The first checks of a POST: the query site exists and the body's SiteId is that same site. */
export function openForCreate(world: World, siteId: Guid, bodySiteId: Guid | null | undefined): ModelStateErrors {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  if (bodySiteId !== siteId)
    problems.add('SiteId', 'The SiteId must equal the query siteId.', SALES_RULES.siteMatchesQuery);
  return problems;
}

/**
 * The start of a PUT: the record the route id names, opened for the write (400 `Record does not
 * exist.` when there is none), and the body's SiteId, which is what is saved, so it is required.
 */
export function openForUpdate<K extends Ledger>(
  world: World,
  key: K,
  record: LedgerRecord<K> | undefined,
  bodySiteId: Guid | null | undefined,
): { record: LedgerRecord<K>; problems: ModelStateErrors } {
  const edited = editRecord(world, key, record);
  if (edited === undefined) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  const problems = new ModelStateErrors();
  if (bodySiteId == null) requireField(problems, 'SiteId', SALES_RULES.updateSite);
  else checkSite(world, bodySiteId, 'SiteId', problems);
  return { record: edited, problems };
}

/** DELETE: removes the record the route id names; none is a 400 `Record does not exist.`. */
export function remove<K extends Ledger>(world: World, key: K, record: LedgerRecord<K> | undefined): void {
  if (record === undefined) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  removeRecord(world, key, record);
}
