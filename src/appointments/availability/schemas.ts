import { z } from 'zod';
import { answerObject, client } from '../../field-sources.js';
import { AppointmentServiceEmployee, AppointmentServiceResource } from '../schemas.js';

// The answer of availabletimes. The spec names AvailableTime ("the start time plus the employees
// and resources that would be assigned") without its fields. A public booking site built on the
// real service reads each row as `Start`, `End`, `Employees[i]` and `Resources[i]`: the employee
// and the resource of the i-th service searched, at the top level of the row. It builds its cart
// from those, timing the services itself by their durations.

const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');

const SITE_READS_ROW = client(
  'A public booking site on the real service reads time.End, time.Employees[i] and time.Resources[i] from each ' +
    'row and books the i-th service with them.',
);

export const AvailableTimeSchema = answerObject(
  'AvailableTime',
  {
    Start: dateTime.describe('Start of the first service.'),
    End: dateTime.describe('End of the last service.'),
    Employees: z
      .array(AppointmentServiceEmployee)
      .describe(
        "One entry per service, in booking order (the services asked for, then the package's services in their " +
          'order): Employees[i] is the employee who would do the i-th service.',
      ),
    Resources: z
      .array(AppointmentServiceResource)
      .describe(
        'One entry per service, in booking order: Resources[i] is the resource the i-th service would occupy; the ' +
          'empty Guid with an empty Name for a service that needs none, so the indexes line up with Employees.',
      ),
  },
  {
    Start: 'spec',
    End: SITE_READS_ROW,
    Employees: SITE_READS_ROW,
    Resources: client(
      'A public booking site on the real service reads time.Resources[i] for the i-th service; the empty-Guid entry ' +
        'for a service without a resource is assumed, to keep the indexes in line.',
    ),
  },
);

export type AvailableTime = z.infer<typeof AvailableTimeSchema>;

/** availabledates: local calendar dates of the site, written `yyyy-MM-dd 00:00`. */
export const AvailableDateSchema = z
  .string()
  .describe(
    "A date of the site's own calendar, written as a DateTime at midnight (`yyyy-MM-dd 00:00`); send it as `day` " +
      'to availabletimes.',
  );
