import type { Account } from '../accounts/account.js';
import { clientWithId, emailKey, firstClientBy, mobileKey } from '../client-keys.js';
import { formatDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors } from '../errors/model-state.js';
import { containsAny, hasState, inSite, searches, startsWithAny } from '../match.js';
import { nextInSeriesOf } from '../numbering.js';
import { orderBy } from '../order.js';
import type { Random } from '../random.js';
import { checkReference, checkSite, editRecord, insertRecord, isGiven } from '../records.js';
import type { Client, ClientAlert, ClientNote } from '../world/clients.js';
import type { Guid } from '../world/common.js';
import { EMPTY_ADDRESS } from '../world/contact.js';
import type { World } from '../world/index.js';
import type { Address } from '../world/sites.js';
import { filterInSteps, mapInSteps, type Steps, sortInSteps } from '../world/steps.js';
import { checkSignInPassword, hashPassword } from './account-password.js';
import { CLIENT_RULES } from './rules.js';
import type {
  AddressIn,
  AlertIn,
  ClientAnswer,
  ClientContactRow,
  ClientCreateIn,
  ClientListRow,
  ClientNoteIn,
  ClientUpdateIn,
  ClientV1Answer,
} from './schemas.js';

// The client aggregate: the stored record and its answers, create and update (notes, membership,
// addresses, passwords), the lists, the e-mail and mobile look-ups, and sign-in.

/**
 * A client as stored. PUT "writes AccountPassword as sent" without changing the password: it is
 * kept here apart from the sign-in hash, itself only as a hash, and no answer ever reads it.
 */
export type ClientRecord = Client & { AccountPassword?: string };

/**
 * The API version of a create or update: version 1's AccountPassword is the older password hash its
 * client computes (the hex SHA-512 of the password), kept as sent as the client's one stored
 * sign-in value; version 2's is plain text, kept only as a PBKDF2 hash.
 */
type PasswordVersion = 1 | 2;

export const clientsOf = (world: World): readonly ClientRecord[] => world.clients;

export function findClient(world: World, id: Guid): ClientRecord | undefined {
  return clientWithId(clientsOf(world), id);
}

// Create and update.

/** A sent id that means "none": absent, null or the empty Guid. */

/** Blank passwords mean "none" (create) or "keep" (NewAccountPassword on update). */
const givenPassword = (p: string | null | undefined): p is string => p != null && p.trim() !== '';

/** A site id for a client: none = account-wide (null); otherwise it must name a site of the account. */
function clientSite(world: World, id: Guid | null | undefined, field: string, problems: ModelStateErrors) {
  if (!isGiven(id)) return null;
  checkSite(world, id, field, problems);
  return id;
}

function checkMembership(world: World, id: Guid | null | undefined, problems: ModelStateErrors): void {
  if (!isGiven(id)) return;
  checkReference(
    problems,
    'MembershipId',
    id,
    world.memberships.some((m) => m.MembershipId === id),
    RECORD_RULES.referenceExists,
  );
}

/** `<prefix><6 digits>` following the highest number already issued, as a front desk issues codes. */
function nextNumber(world: World, field: 'ClientCode' | 'MembershipNumber', prefix: string): string {
  return nextInSeriesOf(prefix, clientsOf(world), field);
}

/** Alerts as sent, one per AlertId: the last row sent for an id wins (in the place of its first). */
function alertsOf(sent: readonly AlertIn[]): ClientAlert[] {
  const byId = new Map<string, ClientAlert>();
  for (const a of sent) {
    byId.set(a.AlertId, {
      AlertId: a.AlertId,
      Name: a.Name ?? '',
      Category: a.Category ?? '',
      SiteId: a.SiteId ?? null,
      Selected: a.Selected ?? false,
    });
  }
  return [...byId.values()];
}

/** An address as sent over a current one: sent lines overwrite, others keep their value. */
const addressOf = (sent: AddressIn | null | undefined, current: Address = EMPTY_ADDRESS): Address => ({
  Street: sent?.Street ?? current.Street,
  City: sent?.City ?? current.City,
  State: sent?.State ?? current.State,
  Code: sent?.Code ?? current.Code,
  Country: sent?.Country ?? current.Country,
});

export function* createClient(
  world: World,
  siteId: Guid,
  body: ClientCreateIn,
  now: number,
  random: Random,
  version: PasswordVersion = 2,
): Steps<ClientRecord> {
  const problems = new ModelStateErrors();
  const SiteId = clientSite(world, siteId, 'siteId', problems);
  checkMembership(world, body.MembershipId, problems);
  const newId = () => random.guid();
  const ClientId = newId();
  const ClientNotes = yield* applyNotes([], body.ClientNotes ?? [], ClientId, newId, problems);
  problems.throwIfAny();

  const member = isGiven(body.MembershipId);
  const physical = addressOf(body.PhysicalAddress);
  const client: ClientRecord = {
    ClientId,
    SiteId,
    State: body.State ?? 1,
    FirstName: body.FirstName,
    LastName: body.LastName,
    Email: body.Email ?? '',
    MobilePhone: body.MobilePhone ?? '',
    // A Gender left out binds as 0, as ASP.NET binds a missing Byte (a guest booking sends none).
    Gender: body.Gender ?? 0,
    ClientCode: nextNumber(world, 'ClientCode', 'CL'),
    MembershipId: member ? (body.MembershipId ?? null) : null,
    MembershipNumber: member ? nextNumber(world, 'MembershipNumber', 'MEM') : '',
    MembershipStart: member ? (body.MembershipStart ?? null) : null,
    MembershipEnd: member ? (body.MembershipEnd ?? null) : null,
    CreationDate: formatDateTime(now),
    PhysicalAddress: physical,
    BillingAddress: addressOf(body.BillingAddress),
    PostalAddress: addressOf(body.PostalAddress),
    ClientNotes,
    AcceptsMarketing: body.AcceptsMarketing ?? false,
    ContactEmail: body.ContactEmail ?? null,
    ContactSms: body.ContactSms ?? null,
    ContactPhone: body.ContactPhone ?? null,
    PasswordHash: givenPassword(body.AccountPassword) ? signInValue(body.AccountPassword, version) : null,
    Alerts: alertsOf(body.Alerts ?? []),
  };
  insertRecord(world, 'clients', client);
  return client;
}

/** A password as a create (or a version 1 update) sets it: version 1's value as sent, version 2's hashed. */
const signInValue = (password: string, version: PasswordVersion): string =>
  version === 1 ? password : hashPassword(password);

/**
 * Version 2: AccountPassword is hashed into the record's own AccountPassword, apart from the sign-in
 * password (no client password is kept in plain text). Version 1: a non-blank AccountPassword is the
 * client's stored sign-in value, kept as sent (a client that sends back the value it read keeps it).
 */
export function* updateClient(
  world: World,
  clientId: Guid,
  body: ClientUpdateIn,
  random: Random,
  version: PasswordVersion = 2,
): Steps<ClientRecord> {
  const client = editRecord(world, 'clients', findClient(world, clientId));
  if (!client) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  const problems = new ModelStateErrors();
  const SiteId = body.SiteId === undefined ? client.SiteId : clientSite(world, body.SiteId, 'SiteId', problems);
  checkMembership(world, body.MembershipId, problems);
  const notes = yield* applyNotes(
    client.ClientNotes,
    body.ClientNotes ?? [],
    client.ClientId,
    () => random.guid(),
    problems,
  );
  problems.throwIfAny();

  client.SiteId = SiteId;
  if (body.State !== undefined) client.State = body.State;
  if (body.FirstName !== undefined) client.FirstName = body.FirstName;
  if (body.LastName !== undefined) client.LastName = body.LastName;
  if (body.Email !== undefined) client.Email = body.Email ?? '';
  if (body.MobilePhone !== undefined) client.MobilePhone = body.MobilePhone ?? '';
  if (body.Gender !== undefined) client.Gender = body.Gender;
  if (body.MembershipId !== undefined) setMembership(world, client, body.MembershipId);
  if (body.MembershipStart !== undefined) client.MembershipStart = body.MembershipStart;
  if (body.MembershipEnd !== undefined) client.MembershipEnd = body.MembershipEnd;
  if (body.PhysicalAddress != null) client.PhysicalAddress = addressOf(body.PhysicalAddress, client.PhysicalAddress);
  if (body.BillingAddress != null) client.BillingAddress = addressOf(body.BillingAddress, client.BillingAddress);
  if (body.PostalAddress != null) client.PostalAddress = addressOf(body.PostalAddress, client.PostalAddress);
  client.ClientNotes = notes;
  if (body.AcceptsMarketing !== undefined) client.AcceptsMarketing = body.AcceptsMarketing;
  if (body.ContactEmail !== undefined) client.ContactEmail = body.ContactEmail;
  if (body.ContactSms !== undefined) client.ContactSms = body.ContactSms;
  if (body.ContactPhone !== undefined) client.ContactPhone = body.ContactPhone;
  if (body.Alerts != null) client.Alerts = alertsOf(body.Alerts);
  if (version === 1) {
    if (givenPassword(body.AccountPassword)) client.PasswordHash = body.AccountPassword;
  } else if (body.AccountPassword != null) client.AccountPassword = hashPassword(body.AccountPassword);
  if (givenPassword(body.NewAccountPassword)) client.PasswordHash = hashPassword(body.NewAccountPassword);
  return client;
}

/** A new membership gets the next membership number; clearing it (null or empty) clears the number. */
function setMembership(world: World, client: ClientRecord, id: Guid | null): void {
  if (!isGiven(id)) {
    client.MembershipId = null;
    client.MembershipNumber = '';
    return;
  }
  if (client.MembershipNumber === '') client.MembershipNumber = nextNumber(world, 'MembershipNumber', 'MEM');
  client.MembershipId = id;
}

/**
 * ClientNotes carry ObjectState as write control (1 creates with a new id, 2 updates, 3 deletes, 0
 * or none leaves the note as is). Returns the new list; the current one is not touched, so a failed
 * request writes nothing.
 */
/** Notes applied in one step: a body near the 1 MiB limit holds thousands. */
const NOTES_PER_STEP = 64;

function* applyNotes(
  current: readonly ClientNote[],
  sent: readonly ClientNoteIn[],
  clientId: Guid,
  newId: () => Guid,
  problems: ModelStateErrors,
): Steps<ClientNote[]> {
  // The stored notes are kept as they are (frozen) and a changed one is replaced by its copy, so an
  // update costs the notes it sends, not a copy of every note the client has; a removed one is marked
  // and left out at the end, in order, as removing it at once would.
  const notes: (ClientNote | null)[] = [...current];
  let byId: Map<Guid, number> | undefined;
  const placeOf = (id: Guid | undefined) => {
    byId ??= new Map(notes.flatMap((n, at) => (n ? [[n.ClientNoteId, at] as const] : [])));
    return id === undefined ? undefined : byId.get(id);
  };
  for (const [i, n] of sent.entries()) {
    if (i % NOTES_PER_STEP === 0) yield;
    const state = n.ObjectState ?? 0;
    if (state === 0) continue;
    if (state === 1) {
      const added = {
        ClientNoteId: newId(),
        ClientId: clientId,
        ClientNoteType: n.ClientNoteType ?? 1,
        Body: n.Body ?? '',
        Category: n.Category ?? '',
      };
      const at = notes.push(added) - 1;
      byId?.set(added.ClientNoteId, at);
      continue;
    }
    const at = placeOf(n.ClientNoteId);
    if (at === undefined) {
      problems.add(
        `ClientNotes[${i}].ClientNoteId`,
        `The note '${n.ClientNoteId ?? ''}' does not exist on this client.`,
        CLIENT_RULES.noteExists,
      );
      continue;
    }
    if (state === 3) {
      notes[at] = null;
      byId!.delete(n.ClientNoteId!);
      continue;
    }
    const note = { ...notes[at]! };
    if (n.ClientNoteType !== undefined) note.ClientNoteType = n.ClientNoteType;
    if (n.Body !== undefined) note.Body = n.Body;
    if (n.Category !== undefined) note.Category = n.Category;
    notes[at] = note;
  }
  return notes.filter((n) => n !== null);
}

// Lists.

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byId = orderBy<Client>((c) => c.ClientId);

/** Last name, then first name, as a database collation orders them; ties by id so the order is stable. */
const byLastThenFirstName = (a: Client, b: Client): number =>
  collator.compare(a.LastName, b.LastName) || collator.compare(a.FirstName, b.FirstName) || byId(a, b);

/** The texts `find` searches: names (also "first last"), code, e-mail, mobile and membership number. */
const searchTexts = (c: Client): string[] => [
  c.FirstName,
  c.LastName,
  `${c.FirstName} ${c.LastName}`,
  c.ClientCode,
  c.Email,
  c.MobilePhone,
  c.MembershipNumber,
];

export interface ClientListQuery {
  siteId: Guid;
  itemState: number;
  find: string;
  /** Epoch ms; null = no filter. */
  creationDate: number | null;
}

export function* clientListSteps(world: World, q: ClientListQuery): Steps<ClientListRow[]> {
  // CreationDate is stored as `yyyy-MM-dd HH:mm`, which sorts as text in time order.
  const since = q.creationDate === null ? '' : formatDateTime(q.creationDate);
  const site = inSite(q.siteId);
  const state = hasState(q.itemState);
  // An empty search matches every client: its texts are not built.
  const finding = searches(q.find);
  const kept = yield* filterInSteps(
    clientsOf(world),
    (c) => site(c) && state(c) && c.CreationDate >= since && (!finding || startsWithAny(q.find, searchTexts(c))),
  );
  yield* sortInSteps(kept, byLastThenFirstName);
  return yield* mapInSteps(kept, clientListRow);
}

export interface ContactQuery {
  siteId: Guid;
  itemState: number;
  find: string;
  /** Per channel: null = ignore the channel, true = accepted, false = explicitly declined. */
  contactEmail: boolean | null;
  contactSms: boolean | null;
  contactPhone: boolean | null;
}

/** A channel filter: `false` asks for an explicit refusal, so a never-asked (null) channel does not match it. */
const channel = (wanted: boolean | null, value: boolean | null) => wanted === null || value === wanted;

export function* contactListSteps(world: World, q: ContactQuery): Steps<ClientContactRow[]> {
  const site = inSite(q.siteId);
  const state = hasState(q.itemState);
  // An empty search matches every client: its texts are not built.
  const finding = searches(q.find);
  const kept = yield* filterInSteps(
    clientsOf(world),
    (c) =>
      site(c) &&
      state(c) &&
      c.AcceptsMarketing &&
      channel(q.contactEmail, c.ContactEmail) &&
      channel(q.contactSms, c.ContactSms) &&
      channel(q.contactPhone, c.ContactPhone) &&
      (!finding || containsAny(q.find, searchTexts(c))),
  );
  yield* sortInSteps(kept, byLastThenFirstName);
  return yield* mapInSteps(kept, clientContactRow);
}

// Look-ups and sign-in. "First" is the order of the account's store: seeded clients in joining
// order, then clients created through the API in the order they were created.

/** E-mails compare trimmed and case-insensitively; a blank one matches nothing. */
function sameEmail(recorded: string, sent: string): boolean {
  const email = recorded.trim().toLowerCase();
  return email !== '' && email === sent.trim().toLowerCase();
}

/** Mobiles compare as trimmed text: no normalisation of country codes, spaces or leading zeros. */
function sameMobile(recorded: string, sent: string): boolean {
  const mobile = recorded.trim();
  return mobile !== '' && mobile === sent.trim();
}

/** The first Active client of the site (or account-wide) under the key, by the clients' e-mail or mobile index. */
function firstActiveOwner(
  world: World,
  siteId: Guid,
  index: 'byEmail' | 'byMobile',
  key: string,
  matches: (c: ClientRecord) => boolean,
): Guid | null {
  const owner = firstClientBy(clientsOf(world), index, key, (c) => c.State === 1 && inSite(siteId)(c) && matches(c));
  return owner?.ClientId ?? null;
}

export const emailOwner = (world: World, siteId: Guid, email: string): Guid | null =>
  firstActiveOwner(world, siteId, 'byEmail', emailKey(email), (c) => sameEmail(c.Email, email));

export const mobileOwner = (world: World, siteId: Guid, mobile: string): Guid | null =>
  firstActiveOwner(world, siteId, 'byMobile', mobileKey(mobile), (c) => sameMobile(c.MobilePhone, mobile));

export interface SignIn {
  clientId: Guid;
  email: string;
  password: string;
}

/**
 * Every failure is the same `false` and does the same hashing work (a miss hashes a stand-in), so
 * neither the answer nor the time taken tells which part was wrong. A first success on a legacy
 * hash re-hashes the password with PBKDF2: a write made by a GET, kept as any successful request's
 * changes are.
 */
export async function signIn(account: Account, q: SignIn): Promise<boolean> {
  const found = findClient(account.world, q.clientId);
  const client = found && found.State === 1 && sameEmail(found.Email, q.email) ? found : undefined;
  const check = checkSignInPassword(client?.PasswordHash ?? null, q.password);
  if (!client || check === 'invalid') return false;
  if (check === 'validLegacy') editRecord(account.world, 'clients', client).PasswordHash = hashPassword(q.password);
  return true;
}

// Answers: records become answers field by field (never by spreading), so PasswordHash and
// AccountPassword cannot reach a client even if the record gains fields; version 1's full client
// alone adds the stored sign-in value (clientV1ById).

const consentOf = (c: ClientRecord) => ({
  ContactEmail: c.ContactEmail,
  ContactSms: c.ContactSms,
  ContactPhone: c.ContactPhone,
});

function clientListRow(c: ClientRecord): ClientListRow {
  return {
    ClientId: c.ClientId,
    SiteId: c.SiteId,
    State: c.State,
    FirstName: c.FirstName,
    LastName: c.LastName,
    Email: c.Email,
    MobilePhone: c.MobilePhone,
    Gender: c.Gender,
    ClientCode: c.ClientCode,
    MembershipId: c.MembershipId,
    MembershipNumber: c.MembershipNumber,
    MembershipStart: c.MembershipStart,
    MembershipEnd: c.MembershipEnd,
    CreationDate: c.CreationDate,
  };
}

export function clientById(world: World, id: Guid): ClientAnswer | null {
  const client = findClient(world, id);
  return client ? clientAnswer(client) : null;
}

/**
 * Version 1's full client: with AccountPassword, the stored sign-in value as it is kept ('' when
 * none), which a version 1 client compares with the SHA-512 it computes; the only answer that has it.
 */
export function clientV1ById(world: World, id: Guid): ClientV1Answer | null {
  const client = findClient(world, id);
  return client ? { ...clientAnswer(client), AccountPassword: client.PasswordHash ?? '' } : null;
}

function clientAnswer(c: ClientRecord): ClientAnswer {
  return {
    ...clientListRow(c),
    PhysicalAddress: { ...c.PhysicalAddress },
    BillingAddress: { ...c.BillingAddress },
    PostalAddress: { ...c.PostalAddress },
    ClientNotes: c.ClientNotes.map((n) => ({
      ClientNoteId: n.ClientNoteId,
      ClientId: n.ClientId,
      ClientNoteType: n.ClientNoteType,
      Body: n.Body,
      Category: n.Category,
      ObjectState: 0,
    })),
    AcceptsMarketing: c.AcceptsMarketing,
    ...consentOf(c),
    HasAccountPassword: c.PasswordHash !== null,
    Alerts: (c.Alerts ?? []).map(({ AlertId, Name, Category, SiteId, Selected }) => ({
      AlertId,
      Name,
      Category,
      SiteId,
      Selected,
    })),
  };
}

function clientContactRow(c: ClientRecord): ClientContactRow {
  const { ClientId, SiteId, FirstName, LastName, Email, MobilePhone, ClientCode, MembershipNumber } = c;
  return { ClientId, SiteId, FirstName, LastName, Email, MobilePhone, ClientCode, MembershipNumber, ...consentOf(c) };
}
