import { formatDateTime } from '../datetime.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { insertRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { hashPassword } from './account-password.js';
import { addressOf, checkMembership, clientSite, givenPassword, isNone, nextNumber } from './fields.js';
import type { ClientCreateIn } from './input.js';
import { applyNotes } from './notes.js';
import type { ClientRecord } from './record.js';

/**
 * POST /clients: a new client at the query's site (the empty Guid makes an account-wide client);
 * the body's ClientId and SiteId are not used. Duplicates are not prevented. AccountPassword is
 * kept only as a PBKDF2 hash; without it (or blank) the client has no password.
 */
export function createClient(
  world: World,
  siteId: Guid,
  body: ClientCreateIn,
  now: number,
  random: Random,
): ClientRecord {
  const problems = new ModelStateErrors();
  const SiteId = clientSite(world, siteId, 'siteId', problems);
  checkMembership(world, body.MembershipId, problems);
  const newId = () => random.guid();
  const ClientId = newId();
  const ClientNotes = applyNotes([], body.ClientNotes ?? [], ClientId, newId, problems);
  problems.throwIfAny();

  const member = !isNone(body.MembershipId);
  const physical = addressOf(body.PhysicalAddress);
  const client: ClientRecord = {
    ClientId,
    SiteId,
    State: body.State ?? 1,
    FirstName: body.FirstName,
    LastName: body.LastName,
    Email: body.Email ?? '',
    MobilePhone: body.MobilePhone ?? '',
    Gender: body.Gender,
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
    PasswordHash: givenPassword(body.AccountPassword) ? hashPassword(body.AccountPassword) : null,
  };
  insertRecord(world, 'clients', client);
  return client;
}
