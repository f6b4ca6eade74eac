import { z } from 'zod';
import { AppointmentListSchema, AppointmentListServiceSchema, serviceSummarySources } from '../appointments/schemas.js';
import { isRelaxed } from '../errors/rules.js';
import { answerObject, assumed, client, type Sources, sameAsRecord } from '../field-sources.js';
import { bodyDateTime, bodyGuid, byteEnum, text, type WithNoneIds } from '../records.js';
import { AddressSchema } from '../sites/schemas.js';
import { CLIENT_RULES } from './rules.js';

// Wire shapes of the clients area. The spec names ClientList, ClientContact and AppointmentHistory
// without fields (docs: decision lines in the report); no answer shape has a password or hash
// field, so none can leak.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

// Answers.

export const ClientNoteSchema = answerObject(
  'ClientNote',
  {
    ClientNoteId: guid,
    ClientId: guid,
    ClientNoteType: z.number().int().describe('General = 1, Appointment = 2, Invoice = 3, Medical = 4.'),
    Body: z.string(),
    Category: z.string(),
    ObjectState: z
      .number()
      .int()
      .describe('Always 0 (Unchanged) in answers; send 1, 2 or 3 on PUT to create, update or delete.'),
  },
  {
    ClientNoteId: 'spec',
    ClientId: 'spec',
    ClientNoteType: 'spec',
    Body: 'spec',
    Category: 'spec',
    ObjectState: 'spec',
  },
);

const listFields = {
  ClientId: guid,
  SiteId: guid.describe('The empty Guid: the client belongs to the whole account.'),
  State: z.number().int().describe('Active = 1, Inactive = 2.'),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string().describe("'' when none was recorded."),
  MobilePhone: z.string().describe("'' when none was recorded; as typed."),
  Gender: z.number().int().describe('Female = 1, Male = 2; 0 when none was given.'),
  ClientCode: z.string(),
  MembershipId: guid.describe('The membership the client holds; the empty Guid when none.'),
  MembershipNumber: z.string().describe("'' for non-members."),
  MembershipStart: dateTime.nullable(),
  MembershipEnd: dateTime.nullable(),
  CreationDate: dateTime,
};

// The fields of listFields that the spec's Client table does not name, in the record and the row alike.
const CLIENT_CODE = assumed(
  "The spec's client search matches a client code, so a client shows the code it is found by.",
);
const MEMBERSHIP_NUMBER = assumed(
  "The spec's client search matches a membership number, so a member shows the number it is found by.",
);
const CREATION_DATE = assumed("The list's creationDate filter selects on it, so a caller can see what it filtered on.");

/** Sources of listFields in the Client record: the spec's Client table. */
const recordListSources: Sources<typeof listFields> = {
  ClientId: 'spec',
  SiteId: 'spec',
  State: 'spec',
  FirstName: 'spec',
  LastName: 'spec',
  Email: 'spec',
  MobilePhone: 'spec',
  Gender: 'spec',
  ClientCode: CLIENT_CODE,
  MembershipId: 'spec',
  MembershipNumber: MEMBERSHIP_NUMBER,
  MembershipStart: 'spec',
  MembershipEnd: 'spec',
  CreationDate: CREATION_DATE,
};

const inClientList = sameAsRecord('ClientList', 'Client');

/** Sources of listFields in the ClientList row, whose fields the spec does not show. */
const rowListSources: Sources<typeof listFields> = {
  ClientId: inClientList,
  SiteId: inClientList,
  State: inClientList,
  FirstName: inClientList,
  LastName: inClientList,
  Email: inClientList,
  MobilePhone: inClientList,
  Gender: inClientList,
  ClientCode: CLIENT_CODE,
  MembershipId: inClientList,
  MembershipNumber: MEMBERSHIP_NUMBER,
  MembershipStart: inClientList,
  MembershipEnd: inClientList,
  CreationDate: CREATION_DATE,
};

const consentFields = {
  ContactEmail: z.boolean().nullable().describe('null = never asked, true = accepted, false = declined.'),
  ContactSms: z.boolean().nullable(),
  ContactPhone: z.boolean().nullable(),
};

const consentSources: Sources<typeof consentFields> = {
  ContactEmail: assumed("The contacts list's contactEmail filter selects on the client's consent to e-mail."),
  ContactSms: assumed("The contacts list's contactSms filter selects on the client's consent to text messages."),
  ContactPhone: assumed("The contacts list's contactPhone filter selects on the client's consent to calls."),
};

export const ClientListSchema = answerObject('ClientList', listFields, rowListSources);

/** Why a client's alerts are answered: the rows a real client sends, shown as kept. */
const ALERT_ROWS = assumed(
  'A public booking site on the real service sends these rows on sign-up (utilities/createRequestbodies.js ' +
    'createRegisterBody); the answer mirrors them so a caller can read what was kept.',
);

const ClientAlertSchema = answerObject(
  'ClientAlert',
  {
    AlertId: guid,
    Name: z.string(),
    Category: z.string().describe('e.g. Allergies, Medical.'),
    SiteId: guid.describe('The empty Guid: the alert belongs to no one site.'),
    Selected: z.boolean(),
  },
  { AlertId: ALERT_ROWS, Name: ALERT_ROWS, Category: ALERT_ROWS, SiteId: ALERT_ROWS, Selected: ALERT_ROWS },
);

const clientFields = {
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
  Alerts: z
    .array(ClientAlertSchema)
    .describe('The alerts (allergies, medical conditions) sent on create or update, one per AlertId; [] when none.'),
};

const clientSources: Sources<typeof clientFields> = {
  ...recordListSources,
  PhysicalAddress: 'spec',
  BillingAddress: 'spec',
  PostalAddress: 'spec',
  ClientNotes: 'spec',
  AcceptsMarketing: assumed(
    'The contacts list leaves out clients who have not agreed to marketing; this is that agreement.',
  ),
  ...consentSources,
  HasAccountPassword: assumed(
    "The spec's full client includes account details; this tells whether the client can sign in, without the " +
      'password.',
  ),
  Alerts: ALERT_ROWS,
};

export const ClientSchema = answerObject('Client', clientFields, clientSources);

/**
 * Version 1's full client: version 2's with `AccountPassword`, the stored sign-in value, which a
 * version 1 client compares with the SHA-512 it computes itself. No list row, and no version 2 answer,
 * carries it.
 */
export const ClientV1Schema = answerObject(
  'ClientV1',
  {
    ...clientFields,
    AccountPassword: z
      .string()
      .describe(
        'Version 1 only: the stored password value as it is kept: the hex SHA-512 a version 1 client sent as ' +
          'AccountPassword, or, once a version 2 sign-in migrated it or a password was set in plain text, a ' +
          "PBKDF2 string; '' when the client has no password.",
      ),
  },
  {
    ...clientSources,
    AccountPassword: client(
      'A public booking site on the real service (pages/api/login.js) signs a client in by comparing this value ' +
        'of the version 1 client with the SHA-512 it computes of the password typed.',
    ),
  },
);

const inClientContact = sameAsRecord('ClientContact', 'Client');

export const ClientContactSchema = answerObject(
  'ClientContact',
  {
    ...ClientListSchema.pick({
      ClientId: true,
      SiteId: true,
      FirstName: true,
      LastName: true,
      Email: true,
      MobilePhone: true,
      ClientCode: true,
      MembershipNumber: true,
    }).shape,
    ...consentFields,
  },
  {
    ClientId: inClientContact,
    SiteId: inClientContact,
    FirstName: inClientContact,
    LastName: inClientContact,
    Email: inClientContact,
    MobilePhone: inClientContact,
    ClientCode: assumed(
      "The spec's contacts search matches a client code, so a contact shows the code it is found by.",
    ),
    MembershipNumber: assumed(
      "The spec's contacts search matches a membership number, so a member shows the number it is found by.",
    ),
    ...consentSources,
  },
);

// A history row is the diary list row without the client's names and notes, with the invoice's number.
const AppointmentHistoryServiceSchema = answerObject(
  'AppointmentHistoryService',
  { ...AppointmentListServiceSchema.shape, ServiceId: guid },
  serviceSummarySources('AppointmentHistoryService'),
);

const inHistory = sameAsRecord('AppointmentHistory', 'Appointment');

export const AppointmentHistorySchema = answerObject(
  'AppointmentHistory',
  {
    ...AppointmentListSchema.pick({
      AppointmentId: true,
      AppointmentNumber: true,
      SiteId: true,
      ClientId: true,
      AppointmentStateId: true,
      AppointmentStateName: true,
      Start: true,
      End: true,
    }).shape,
    InvoiceId: guid.describe('Client invoice the appointment was billed on; the empty Guid when not billed.'),
    InvoiceNumber: z.string().nullable().describe('DocumentNumber of that invoice; null when not billed.'),
    Services: z.array(AppointmentHistoryServiceSchema),
  },
  {
    AppointmentId: inHistory,
    AppointmentNumber: inHistory,
    SiteId: inHistory,
    ClientId: inHistory,
    AppointmentStateId: inHistory,
    AppointmentStateName: assumed('A history shows what became of each appointment without looking up the state ids.'),
    Start: inHistory,
    End: assumed('A history shows when each appointment ended: the end of its last service.'),
    InvoiceId: 'spec',
    InvoiceNumber: assumed('A history shows the number of the invoice each appointment was billed on, as printed.'),
    Services: assumed('A history shows what was done at each appointment without a call per row.'),
  },
);

type ClientNoneIds = 'SiteId' | 'MembershipId';
export type ClientListRow = WithNoneIds<z.infer<typeof ClientListSchema>, ClientNoneIds>;
export type ClientAnswer = WithNoneIds<z.infer<typeof ClientSchema>, ClientNoneIds>;
export type ClientV1Answer = WithNoneIds<z.infer<typeof ClientV1Schema>, ClientNoneIds>;
export type ClientContactRow = WithNoneIds<z.infer<typeof ClientContactSchema>, ClientNoneIds>;
export type AppointmentHistoryRow = WithNoneIds<z.infer<typeof AppointmentHistorySchema>, 'InvoiceId' | 'PackageId'>;

// Request bodies of POST and PUT /clients. The spec gives no lengths; these limits are the
// simulator's (report: decision lines): names 100, e-mail 254 (the SMTP path limit), mobile 50,
// passwords 128, address lines 200, note category 100, note body 4000, alerts 100 rows with names
// and categories of 100.

const LIMITS = {
  name: 100,
  email: 254,
  mobile: 50,
  password: 128,
  address: 200,
  category: 100,
  note: 4000,
  alerts: 100,
} as const;

const nonBlank = (max: number) =>
  text(max).refine((s) => s.trim() !== '' || isRelaxed(CLIENT_RULES.names), {
    error: 'The field is required.',
    params: { rule: CLIENT_RULES.names },
  });

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

/** An alert row, as a real booking site sends it: `{AlertId, Name, Category, SiteId, Selected}`. */
const AlertInput = z
  .object({
    AlertId: bodyGuid,
    Name: text(LIMITS.name).optional(),
    Category: text(LIMITS.category).optional(),
    SiteId: bodyGuid.nullable().optional(),
    Selected: z.boolean().optional(),
  })
  .meta({ id: 'ClientAlertInput' });

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
  Alerts: z
    .array(AlertInput)
    .max(LIMITS.alerts, {
      error: `The field Alerts must be a string or array type with a maximum length of '${LIMITS.alerts}'.`,
    })
    .nullable()
    .optional(),
  AcceptsMarketing: z.boolean().optional(),
  ContactEmail: z.boolean().nullable().optional(),
  ContactSms: z.boolean().nullable().optional(),
  ContactPhone: z.boolean().nullable().optional(),
};

/** POST: a new client needs a first name and a last name; a Gender left out is stored as 0 (none given). */
export const ClientCreateInput = z
  .object({ ...inputFields, FirstName: nonBlank(LIMITS.name), LastName: nonBlank(LIMITS.name) })
  .meta({ id: 'ClientCreateInput' });

/** PUT: fields sent overwrite, fields left out keep their value. */
export const ClientUpdateInput = z.object(inputFields).meta({ id: 'ClientUpdateInput' });

export type ClientCreateIn = z.infer<typeof ClientCreateInput>;
export type ClientUpdateIn = z.infer<typeof ClientUpdateInput>;
export type ClientNoteIn = z.infer<typeof ClientNoteInput>;
export type AddressIn = z.infer<typeof AddressInput>;
export type AlertIn = z.infer<typeof AlertInput>;
