import { z } from 'zod';

// Answer shapes of the clients area. The spec names ClientList and ClientContact without fields
// (docs: decision lines in the report); no answer shape has a password or hash field, so none can leak.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

export const AddressSchema = z
  .object({ Street: z.string(), City: z.string(), State: z.string(), Code: z.string(), Country: z.string() })
  .meta({ id: 'Address' });

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
  SiteId: guid.nullable().describe('null: the client belongs to the whole account.'),
  State: z.number().int().describe('Active = 1, Inactive = 2.'),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().describe("'' when none was recorded."),
  MobilePhone: z.string().describe("'' when none was recorded; as typed."),
  Gender: z.number().int().describe('Female = 1, Male = 2.'),
  ClientCode: z.string(),
  MembershipId: guid.nullable(),
  MembershipNumber: z.string().describe("'' for non-members."),
  MembershipStart: dateTime.nullable(),
  MembershipEnd: dateTime.nullable(),
  CreationDate: dateTime,
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
    ContactEmail: z.boolean().nullable().describe('null = never asked, true = accepted, false = declined.'),
    ContactSms: z.boolean().nullable(),
    ContactPhone: z.boolean().nullable(),
    HasAccountPassword: z
      .boolean()
      .describe('The client has an online account password (the password itself is never answered).'),
  })
  .meta({ id: 'Client' });

export const ClientContactSchema = z
  .object({
    ClientId: guid,
    SiteId: guid.nullable(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    MobilePhone: z.string(),
    ClientCode: z.string(),
    MembershipNumber: z.string(),
    ContactEmail: z.boolean().nullable(),
    ContactSms: z.boolean().nullable(),
    ContactPhone: z.boolean().nullable(),
  })
  .meta({ id: 'ClientContact' });

export type ClientListRow = z.infer<typeof ClientListSchema>;
export type ClientAnswer = z.infer<typeof ClientSchema>;
export type ClientContactRow = z.infer<typeof ClientContactSchema>;
