import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { editRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { hashPassword } from './account-password.js';
import { addressOf, checkMembership, clientSite, givenPassword, isNone, nextNumber } from './fields.js';
import type { ClientUpdateIn } from './input.js';
import { applyNotes } from './notes.js';
import { type ClientRecord, findClient } from './record.js';

/**
 * PUT /clients?clientId=: the QUERY id selects the record (the body's ClientId is not used); one
 * naming no client is a 400 `Record does not exist.`. Sent fields overwrite, fields left out keep
 * their value. NewAccountPassword (non-blank) replaces the password hash. AccountPassword does not
 * change the password: it is written into the record's own AccountPassword (as a hash: no client
 * password is ever kept in plain text), which sign-in and the answers never read.
 */
export function updateClient(world: World, clientId: Guid, body: ClientUpdateIn, random: Random): ClientRecord {
  const client = editRecord(world, 'clients', findClient(world, clientId));
  if (!client) throw errors.recordDoesNotExist();
  const problems = new ModelStateErrors();
  const SiteId = body.SiteId === undefined ? client.SiteId : clientSite(world, body.SiteId, 'SiteId', problems);
  checkMembership(world, body.MembershipId, problems);
  const notes = applyNotes(client.ClientNotes, body.ClientNotes ?? [], client.ClientId, () => random.guid(), problems);
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
  if (body.AccountPassword != null) client.AccountPassword = hashPassword(body.AccountPassword);
  if (givenPassword(body.NewAccountPassword)) client.PasswordHash = hashPassword(body.NewAccountPassword);
  return client;
}

/** A new membership gets the next membership number; clearing it (null or empty) clears the number. */
function setMembership(world: World, client: ClientRecord, id: Guid | null): void {
  if (isNone(id)) {
    client.MembershipId = null;
    client.MembershipNumber = '';
    return;
  }
  if (client.MembershipNumber === '') client.MembershipNumber = nextNumber(world, 'MembershipNumber', 'MEM');
  client.MembershipId = id;
}
