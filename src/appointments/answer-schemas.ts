import { z } from 'zod';
import { AppointmentService, AppointmentServiceEmployee } from './schemas.js';

// Answers of the appointment CRUD endpoints. The spec names AppointmentList without its fields;
// the row below is what a diary view needs without a second call per appointment.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

export const AppointmentSchema = z
  .object({
    AppointmentId: guid,
    SiteId: guid,
    ClientId: guid,
    ClientTypeId: guid,
    AppointmentNumber: z.string().describe('Unique friendly reference.'),
    AppointmentStateId: guid.describe('One of GET /api/v2/appointmentstates.'),
    Start: dateTime.describe('Start of the earliest service.'),
    Notes: z.string(),
    SourceId: guid,
    UserId: guid.describe('Creating user; the empty Guid when none was given (online bookings).'),
    VIP: z.boolean(),
    SeriesId: guid.nullable().describe('Links copied (repeating) appointments.'),
    CreationDate: dateTime,
    InvoiceId: guid.nullable().describe('Client invoice the appointment was billed on, if any.'),
    AppointmentServices: z.array(AppointmentService),
  })
  .meta({ id: 'Appointment' });

export const AppointmentListServiceSchema = z
  .object({
    AppointmentServiceId: guid,
    ServiceId: guid.nullable(),
    PackageId: guid.nullable(),
    Description: z.string(),
    Start: dateTime,
    End: dateTime,
    Employees: z.array(AppointmentServiceEmployee),
  })
  .meta({ id: 'AppointmentListService' });

export const AppointmentListSchema = z
  .object({
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
    SeriesId: guid.nullable(),
    InvoiceId: guid.nullable(),
    Services: z.array(AppointmentListServiceSchema),
  })
  .meta({ id: 'AppointmentList' });

export const AppointmentStateSchema = z
  .object({ AppointmentStateId: guid, Name: z.string() })
  .meta({ id: 'AppointmentState' });

export type AppointmentListRow = z.infer<typeof AppointmentListSchema>;
