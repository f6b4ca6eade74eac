import type { ClientRecord } from './record.js';
import type { ClientAnswer, ClientContactRow, ClientListRow } from './schemas.js';

// Records become answers field by field (never by spreading), so PasswordHash and AccountPassword
// cannot reach a client even if the record gains fields.

export function clientListRow(c: ClientRecord): ClientListRow {
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

export function clientAnswer(c: ClientRecord): ClientAnswer {
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
    ContactEmail: c.ContactEmail,
    ContactSms: c.ContactSms,
    ContactPhone: c.ContactPhone,
    HasAccountPassword: c.PasswordHash !== null,
  };
}

export function clientContactRow(c: ClientRecord): ClientContactRow {
  return {
    ClientId: c.ClientId,
    SiteId: c.SiteId,
    FirstName: c.FirstName,
    LastName: c.LastName,
    Email: c.Email,
    MobilePhone: c.MobilePhone,
    ClientCode: c.ClientCode,
    MembershipNumber: c.MembershipNumber,
    ContactEmail: c.ContactEmail,
    ContactSms: c.ContactSms,
    ContactPhone: c.ContactPhone,
  };
}
