import { z } from 'zod';
import { answerObject, assumed, type Sources, sameAsRecord } from '../field-sources.js';
import { bodyDateTime, bodyGuid, isGiven, type WithNoneIds } from '../records.js';

// Appointment shapes. Request bodies are lenient where the real binding is (ids may be empty or
// left out on create); answers are exact.

const AppointmentServiceEmployeeInput = z.object({
  EmployeeId: bodyGuid,
  FirstName: z.string().optional(),
  LastName: z.string().optional(),
});

const AppointmentServiceResourceInput = z.object({
  ResourceId: bodyGuid.optional().describe('A resource of the account; left out or the empty Guid: no resource.'),
  Name: z.string().optional(),
});

// A public booking site on the real service sends one resource entry per service, `{}` or the empty
// Guid when the service needs none: such an entry names no resource and is dropped.
const namedResources = (sent: readonly z.infer<typeof AppointmentServiceResourceInput>[]) =>
  sent.flatMap(({ ResourceId, Name }) => (isGiven(ResourceId) ? [{ ResourceId, Name }] : []));

/** One service of a cart or an appointment, as sent by a client. */
export const AppointmentServiceInput = z
  .object({
    AppointmentServiceId: bodyGuid
      .optional()
      .describe(
        "Empty for an id the account issues, or an id of the caller's own, which is kept (400 when another " +
          "appointment's service has it); on update, an id of this appointment's service keeps that service.",
      ),
    AppointmentId: bodyGuid.optional(),
    ClientId: bodyGuid.optional(),
    ServiceId: bodyGuid.nullable().optional(),
    PackageId: bodyGuid.nullable().optional(),
    PackageGroupId: bodyGuid.nullable().optional(),
    Start: bodyDateTime,
    End: bodyDateTime.optional(),
    Description: z.string().optional(),
    Employees: z.array(AppointmentServiceEmployeeInput).default([]),
    Resources: z
      .array(AppointmentServiceResourceInput)
      .default([])
      .transform(namedResources)
      .describe('The resources the service occupies; an entry with no ResourceId (or the empty Guid) names none.'),
  })
  .meta({ id: 'AppointmentServiceInput' });

export type AppointmentServiceIn = z.infer<typeof AppointmentServiceInput>;

/** A cart: a bare JSON array of appointment services. */
export const CartInput = z.array(AppointmentServiceInput);

export const AppointmentInput = z
  .object({
    AppointmentId: bodyGuid.optional(),
    SiteId: bodyGuid.optional(),
    ClientId: bodyGuid,
    ClientTypeId: bodyGuid.nullable().optional(),
    AppointmentNumber: z.string().optional(),
    AppointmentStateId: bodyGuid.nullable().optional(),
    Start: bodyDateTime.optional(),
    Notes: z.string().optional(),
    SourceId: bodyGuid.nullable().optional(),
    UserId: bodyGuid.nullable().optional(),
    VIP: z.boolean().optional(),
    SeriesId: bodyGuid.nullable().optional(),
    AppointmentServices: z.array(AppointmentServiceInput).min(1),
  })
  .meta({ id: 'AppointmentInput' });

export type AppointmentIn = z.infer<typeof AppointmentInput>;

// Answers. The spec names AppointmentList without its fields; its row is what a diary view needs
// without a second call per appointment.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

export const AppointmentServiceEmployee = answerObject(
  'AppointmentServiceEmployee',
  { EmployeeId: guid, FirstName: z.string(), LastName: z.string() },
  { EmployeeId: 'spec', FirstName: 'spec', LastName: 'spec' },
);

export const AppointmentServiceResource = answerObject(
  'AppointmentServiceResource',
  { ResourceId: guid, Name: z.string() },
  { ResourceId: 'spec', Name: 'spec' },
);

export const AppointmentService = answerObject(
  'AppointmentService',
  {
    AppointmentServiceId: guid,
    AppointmentId: guid,
    ClientId: guid,
    ServiceId: guid.describe('The service booked.'),
    PackageId: guid.describe('The package the service was booked as part of; the empty Guid when none.'),
    PackageGroupId: guid.describe('Links all services booked as one package; the empty Guid when none.'),
    Start: dateTime,
    End: dateTime,
    Description: z.string().describe('Name of the service or custom item.'),
    Employees: z.array(AppointmentServiceEmployee),
    Resources: z.array(AppointmentServiceResource),
  },
  {
    AppointmentServiceId: 'spec',
    AppointmentId: 'spec',
    ClientId: 'spec',
    ServiceId: 'spec',
    PackageId: 'spec',
    PackageGroupId: 'spec',
    Start: 'spec',
    End: 'spec',
    Description: 'spec',
    Employees: 'spec',
    Resources: 'spec',
  },
);

export const AppointmentSchema = answerObject(
  'Appointment',
  {
    AppointmentId: guid,
    SiteId: guid,
    ClientId: guid,
    ClientTypeId: guid,
    AppointmentNumber: z.string().describe('Unique friendly reference.'),
    AppointmentStateId: guid.describe('One of GET /api/v2/appointmentstates.'),
    Start: dateTime.describe('Start of the earliest service.'),
    Notes: z.string(),
    SourceId: guid,
    UserId: guid.describe(
      'Creating user: the UserId sent, else the API user of the credential (or version 1 API key) that booked it; ' +
        'the empty Guid on seeded online bookings.',
    ),
    VIP: z.boolean(),
    SeriesId: guid.describe('Links copied (repeating) appointments; the empty Guid when none.'),
    CreationDate: dateTime,
    InvoiceId: guid.describe('Client invoice the appointment was billed on; the empty Guid when not billed.'),
    AppointmentServices: z.array(AppointmentService),
  },
  {
    AppointmentId: 'spec',
    SiteId: 'spec',
    ClientId: 'spec',
    ClientTypeId: 'spec',
    AppointmentNumber: 'spec',
    AppointmentStateId: 'spec',
    Start: 'spec',
    Notes: 'spec',
    SourceId: 'spec',
    UserId: 'spec',
    VIP: 'spec',
    SeriesId: 'spec',
    CreationDate: assumed('When the appointment was booked: a front desk and the appointment history show it.'),
    InvoiceId: assumed(
      'The spec says an appointment history row carries the invoice the appointment was billed on; the record ' +
        'carries the same.',
    ),
    AppointmentServices: 'spec',
  },
);

/** A service as list rows show it (the diary list, a client's appointment history): see serviceSummary. */
export const serviceSummaryFields = {
  AppointmentServiceId: guid,
  ServiceId: guid.describe('The service booked.'),
  PackageId: guid.describe('The package the service was booked as part of; the empty Guid when none.'),
  Description: z.string(),
  Start: dateTime,
  End: dateTime,
  Employees: z.array(AppointmentServiceEmployee),
};

/** Where the fields of a service summary come from: the Appointment Service fields of the same names. */
export const serviceSummarySources = (row: string): Sources<typeof serviceSummaryFields> => {
  const same = sameAsRecord(row, 'Appointment Service');
  return {
    AppointmentServiceId: same,
    ServiceId: same,
    PackageId: same,
    Description: same,
    Start: same,
    End: same,
    Employees: same,
  };
};

export const AppointmentListServiceSchema = answerObject(
  'AppointmentListService',
  serviceSummaryFields,
  serviceSummarySources('AppointmentList'),
);

const listRow = sameAsRecord('AppointmentList', 'Appointment');

export const AppointmentListSchema = answerObject(
  'AppointmentList',
  {
    AppointmentId: guid,
    AppointmentNumber: z.string(),
    SiteId: guid,
    ClientId: guid,
    ClientFirstName: z.string(),
    ClientLastName: z.string(),
    AppointmentStateId: guid,
    AppointmentStateName: z.string(),
    Start: dateTime.describe('Start of the earliest service.'),
    End: dateTime.describe('End of the latest service.'),
    Notes: z.string(),
    VIP: z.boolean(),
    SeriesId: guid.describe('Links copied (repeating) appointments; the empty Guid when none.'),
    InvoiceId: guid.describe('Client invoice the appointment was billed on; the empty Guid when not billed.'),
    Services: z.array(AppointmentListServiceSchema),
  },
  {
    AppointmentId: listRow,
    AppointmentNumber: listRow,
    SiteId: listRow,
    ClientId: listRow,
    ClientFirstName: assumed("A diary view shows the client's name without a call per row."),
    ClientLastName: assumed("A diary view shows the client's name without a call per row."),
    AppointmentStateId: listRow,
    AppointmentStateName: assumed("A diary view shows the state's name without looking it up."),
    Start: listRow,
    End: assumed('A diary view draws the block to the end of the last service.'),
    Notes: listRow,
    VIP: listRow,
    SeriesId: listRow,
    InvoiceId: assumed('Whether the appointment was billed, as the appointment history shows it.'),
    Services: assumed(
      "A diary view shows each service, its time and employee; the record's AppointmentServices, cut short.",
    ),
  },
);

export const AppointmentStateSchema = answerObject(
  'AppointmentState',
  { AppointmentStateId: guid, Name: z.string() },
  {
    AppointmentStateId: 'spec',
    Name: assumed('The spec names the states (Booked, Arrived) without the field; a client shows the name.'),
  },
);

export type AppointmentListRow = WithNoneIds<
  z.infer<typeof AppointmentListSchema>,
  'SeriesId' | 'InvoiceId' | 'PackageId'
>;
