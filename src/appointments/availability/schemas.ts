import { z } from 'zod';
import type { WithNoneIds } from '../../records.js';
import { AppointmentServiceEmployee, AppointmentServiceResource } from '../schemas.js';

// The answer of availabletimes. The spec names AvailableTime ("the start time plus the employees
// and resources that would be assigned") without its fields; its services carry the fields of an
// Appointment Service that a cart item needs, so an offer can be sent as it is to validate and to
// POST /api/v2/appointments.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

export const AvailableTimeServiceSchema = z
  .object({
    ServiceId: guid,
    PackageId: guid.describe(
      'The package the service is booked as part of; the empty Guid for a service asked for by itself.',
    ),
    PackageGroupId: guid.describe(
      'Links the services of one package in this offer, new for every offer; the empty Guid outside a package.',
    ),
    Start: dateTime,
    End: dateTime,
    Description: z.string().describe('Name of the service.'),
    Employees: z.array(AppointmentServiceEmployee).describe('The one employee who would do the service.'),
    Resources: z
      .array(AppointmentServiceResource)
      .describe('The resource the service would occupy; empty when it needs none.'),
  })
  .meta({ id: 'AvailableTimeService' });

export const AvailableTimeSchema = z
  .object({
    Start: dateTime.describe('Start of the first service.'),
    End: dateTime.describe('End of the last service.'),
    AppointmentServices: z.array(AvailableTimeServiceSchema),
  })
  .meta({ id: 'AvailableTime' });

export type AvailableTime = WithNoneIds<z.infer<typeof AvailableTimeSchema>, 'PackageId' | 'PackageGroupId'>;

/** availabledates: local calendar dates of the site, written `yyyy-MM-dd 00:00`. */
export const AvailableDateSchema = z
  .string()
  .describe(
    "A date of the site's own calendar, written as a DateTime at midnight (`yyyy-MM-dd 00:00`); send it as `day` " +
      'to availabletimes.',
  );
