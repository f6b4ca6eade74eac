import { z } from 'zod';
import { AppointmentListSchema, AppointmentListServiceSchema } from '../appointments/schemas.js';
import { bodyDateTime, bodyGuid, byteEnum, text, type WithNoneIds } from '../records.js';
import { AddressSchema } from '../sites/schemas.js';

// Wire shapes of the clients area. The spec names ClientList, ClientContact and AppointmentHistory
// without fields (docs: decision lines in the report); no answer shape has a password or hash
// field, so none can leak.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

// Answers.

export const ClientNoteSchema = z
  .object({
    ClientNoteId: guid,
    ClientId: guid,
    ClientNoteType: z.number().int().describe('General = 1, Appointment = 2, Invoice = 3, Medical = 4.'),
    Body: z.string(),
    Category: z.string(),
    ObjectState: z
      .number()
      .int()
      .describe('Always 0 (Unchanged) in answers; send 1, 2 or 3 on PUT to create, update or delete.'),
  })
  .meta({ id: 'ClientNote' });

const listFields = {
  ClientId: guid,
  SiteId: guid.describe('The empty Guid: the client belongs to the whole account.'),
  State: z.number().int().describe('Active = 1, Inactive = 2.'),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().describe("'' when none was recorded."),
  MobilePhone: z.string().describe("'' when none was recorded; as typed."),
  Gender: z.number().int().describe('Female = 1, Male = 2.'),
  ClientCode: z.string(),
  MembershipId: guid.describe('The membership the client holds; the empty Guid when none.'),
  MembershipNumber: z.string().describe("'' for non-members."),
  MembershipStart: dateTime.nullable(),
  MembershipEnd: dateTime.nullable(),
  CreationDate: dateTime,
};

const consentFields = {
  ContactEmail: z.boolean().nullable().describe('null = never asked, true = accepted, false = declined.'),
  ContactSms: z.boolean().nullable(),
  ContactPhone: z.boolean().nullable(),
};

export const ClientListSchema = z.object(listFields).meta({ id: 'ClientList' });

export const ClientSchema = z
  .object({
    ...listFields,
    PhysicalAddress: AddressSchema,
    BillingAddress: AddressSchema,
    PostalAddress: AddressSchema,
    ClientNotes: z.array(ClientNoteSchema),
    AcceptsMarketing: z.boolean().describe('Overall marketing consent.'),
    ...consentFields,
    HasAccountPassword: z
      .boolean()
      .describe('The client has an online account password (the password itself is never answered).'),
  })
  .meta({ id: 'Client' });

export const ClientContactSchema = ClientListSchema.pick({
  ClientId: true,
  SiteId: true,
  FirstName: true,
  LastName: true,
  Email: true,
  MobilePhone: true,
  ClientCode: true,
  MembershipNumber: true,
})
  .extend(consentFields)
  .meta({ id: 'ClientContact' });

// A history row is the diary list row without the client's names and notes, with the invoice's number.
const AppointmentHistoryServiceSchema = AppointmentListServiceSchema.extend({ ServiceId: guid }).meta({
  id: 'AppointmentHistoryService',
});

export const AppointmentHistorySchema = AppointmentListSchema.pick({
  AppointmentId: true,
  AppointmentNumber: true,
  SiteId: true,
  ClientId: true,
  AppointmentStateId: true,
  AppointmentStateName: true,
  Start: true,
  End: true,
})
  .extend({
    InvoiceId: guid.describe('Client invoice the appointment was billed on; the empty Guid when not billed.'),
    InvoiceNumber: z.string().nullable().describe('DocumentNumber of that invoice; null when not billed.'),
    Services: z.array(AppointmentHistoryServiceSchema),
  })
  .meta({ id: 'AppointmentHistory' });

type ClientNoneIds = 'SiteId' | 'MembershipId';
export type ClientListRow = WithNoneIds<z.infer<typeof ClientListSchema>, ClientNoneIds>;
export type ClientAnswer = WithNoneIds<z.infer<typeof ClientSchema>, ClientNoneIds>;
export type ClientContactRow = WithNoneIds<z.infer<typeof ClientContactSchema>, ClientNoneIds>;
export type AppointmentHistoryRow = WithNoneIds<z.infer<typeof AppointmentHistorySchema>, 'InvoiceId' | 'PackageId'>;

// Request bodies of POST and PUT /clients. The spec gives no lengths; these limits are the
// simulator's (report: decision lines): names 100, e-mail 254 (the SMTP path limit), mobile 50,
// passwords 128, address lines 200, note category 100, note body 4000.

const LIMITS = {
  name: 100,
  email: 254,
  mobile: 50,
  password: 128,
  address: 200,
  category: 100,
  note: 4000,
} as const;

const nonBlank = (max: number) => text(max).refine((s) => s.trim() !== '', { error: 'The field is required.' });

const GenderInput = byteEnum('Gender', [1, 2]);

const addressLine = text(LIMITS.address).optional();
const AddressInput = z
  .object({ Street: addressLine, City: addressLine, State: addressLine, Code: addressLine, Country: addressLine })
  .meta({ id: 'AddressInput' });

const ClientNoteInput = z
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

const inputFields = {
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
  .object({ ...inputFields, FirstName: nonBlank(LIMITS.name), LastName: nonBlank(LIMITS.name), Gender: GenderInput })
  .meta({ id: 'ClientCreateInput' });

/** PUT: fields sent overwrite, fields left out keep their value. */
export const ClientUpdateInput = z.object(inputFields).meta({ id: 'ClientUpdateInput' });

export type ClientCreateIn = z.infer<typeof ClientCreateInput>;
export type ClientUpdateIn = z.infer<typeof ClientUpdateInput>;
export type ClientNoteIn = z.infer<typeof ClientNoteInput>;
export type AddressIn = z.infer<typeof AddressInput>;
