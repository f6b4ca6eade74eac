import { z } from 'zod';
import { bodyDateTime, bodyGuid, byteEnum, text } from '../records.js';

// Request bodies of POST and PUT /clients. The spec gives no lengths; these limits are the
// simulator's (report: decision lines): names 100, e-mail 254 (the SMTP path limit), mobile 50,
// passwords 128, address lines 200, note category 100, note body 4000.

export const LIMITS = {
  name: 100,
  email: 254,
  mobile: 50,
  password: 128,
  address: 200,
  category: 100,
  note: 4000,
} as const;

const nonBlank = (max: number) => text(max).refine((s) => s.trim() !== '', { error: 'The field is required.' });

export const GenderInput = byteEnum('Gender', [1, 2]);

export const AddressInput = z
  .object({
    Street: text(LIMITS.address).optional(),
    City: text(LIMITS.address).optional(),
    State: text(LIMITS.address).optional(),
    Code: text(LIMITS.address).optional(),
    Country: text(LIMITS.address).optional(),
  })
  .meta({ id: 'AddressInput' });

export const ClientNoteInput = z
  .object({
    ClientNoteId: bodyGuid.optional(),
    ClientId: bodyGuid.optional(),
    ClientNoteType: byteEnum('ClientNoteType', [1, 2, 3, 4]).optional(),
    Body: text(LIMITS.note).optional(),
    Category: text(LIMITS.category).optional(),
    ObjectState: byteEnum('ObjectState', [0, 1, 2, 3]).optional(),
  })
  .meta({ id: 'ClientNoteInput' });

const password = text(LIMITS.password).nullable().optional();

const fields = {
  ClientId: bodyGuid.optional(),
  SiteId: bodyGuid.nullable().optional(),
  State: byteEnum('State', [1, 2]).optional(),
  FirstName: nonBlank(LIMITS.name).optional(),
  LastName: nonBlank(LIMITS.name).optional(),
  Email: text(LIMITS.email).nullable().optional(),
  MobilePhone: text(LIMITS.mobile).nullable().optional(),
  Gender: GenderInput.optional(),
  MembershipId: bodyGuid.nullable().optional(),
  MembershipStart: bodyDateTime.nullable().optional(),
  MembershipEnd: bodyDateTime.nullable().optional(),
  AccountPassword: password,
  NewAccountPassword: password,
  PhysicalAddress: AddressInput.nullable().optional(),
  BillingAddress: AddressInput.nullable().optional(),
  PostalAddress: AddressInput.nullable().optional(),
  ClientNotes: z.array(ClientNoteInput).nullable().optional(),
  AcceptsMarketing: z.boolean().optional(),
  ContactEmail: z.boolean().nullable().optional(),
  ContactSms: z.boolean().nullable().optional(),
  ContactPhone: z.boolean().nullable().optional(),
};

/** POST: a new client needs a first name, a last name and a gender (the record has no "unknown" gender). */
export const ClientCreateInput = z
  .object({ ...fields, FirstName: nonBlank(LIMITS.name), LastName: nonBlank(LIMITS.name), Gender: GenderInput })
  .meta({ id: 'ClientCreateInput' });

/** PUT: fields sent overwrite, fields left out keep their value. */
export const ClientUpdateInput = z.object(fields).meta({ id: 'ClientUpdateInput' });

export type ClientCreateIn = z.infer<typeof ClientCreateInput>;
export type ClientUpdateIn = z.infer<typeof ClientUpdateInput>;
export type ClientNoteIn = z.infer<typeof ClientNoteInput>;
export type AddressIn = z.infer<typeof AddressInput>;
