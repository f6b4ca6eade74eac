import { z } from 'zod';
import type { WithNoneIds } from '../records.js';

// The spec names EmployeeList and EmployeeSchedule without their fields.

export const EmployeeListSchema = z
  .object({
    EmployeeId: z.guid(),
    SiteId: z.guid().describe('Home site; the empty Guid for an employee of the whole account.'),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    MobilePhone: z.string(),
    JobTitle: z.string(),
    State: z.number().int().describe('Active = 1, Inactive = 2'),
    BookOnline: z.boolean().describe('Offered for online booking.'),
    ServiceIds: z.array(z.guid()).describe('Services the employee is qualified to perform.'),
  })
  .meta({ id: 'EmployeeList' });

/** ScheduleType of an EmployeeSchedule row. */
export const ScheduleTypes = { WorkingTime: 1, TimeOff: 2, Class: 3 } as const;

export const EmployeeScheduleSchema = z
  .object({
    EmployeeScheduleId: z.guid().describe('The roster entry; for a class row, the class session id.'),
    EmployeeId: z.guid(),
    FirstName: z.string(),
    LastName: z.string(),
    SiteId: z.guid(),
    ScheduleType: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .describe(
        '1 = working time, 2 = time off (whole day, or part of a working day it overlaps), 3 = a class session ' +
          'the employee teaches (includeClasses=true).',
      ),
    ScheduleTypeName: z.enum(['WorkingTime', 'TimeOff', 'Class']),
    Start: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
    End: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
    Notes: z.string().describe('Reason for time off; the class name on a class row.'),
    ClassScheduleId: z.guid().describe('The class session, on class rows; the empty Guid otherwise.'),
  })
  .meta({ id: 'EmployeeSchedule' });

export type EmployeeScheduleRow = WithNoneIds<z.infer<typeof EmployeeScheduleSchema>, 'ClassScheduleId'>;
