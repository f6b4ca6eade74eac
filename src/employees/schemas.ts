import { z } from 'zod';
import { answerObject, assumed } from '../field-sources.js';
import type { WithNoneIds } from '../records.js';

// The spec names EmployeeList and EmployeeSchedule without their fields.

export const EmployeeListSchema = answerObject(
  'EmployeeList',
  {
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
  },
  {
    EmployeeId: assumed('Names the employee when asking for available times and booking.'),
    SiteId: assumed("Says which site is the employee's home, or that the employee works for the whole account."),
    FirstName: assumed("A diary or staff list shows the employee's name; find matches it."),
    LastName: assumed("A diary or staff list shows the employee's name; find matches it."),
    Email: assumed('A staff list shows how to reach the employee.'),
    MobilePhone: assumed('A staff list shows how to reach the employee.'),
    JobTitle: assumed('A booking site or staff list shows what the employee does.'),
    State: assumed("The list's itemState filter selects on it."),
    BookOnline: assumed('The list holds every employee, not only bookable ones; a booking site offers only these.'),
    ServiceIds: assumed('A booking site offers only the employees who perform the service chosen.'),
  },
);

/** ScheduleType of an EmployeeSchedule row. */
export const ScheduleTypes = { WorkingTime: 1, TimeOff: 2, Class: 3 } as const;

export const EmployeeScheduleSchema = answerObject(
  'EmployeeSchedule',
  {
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
  },
  {
    EmployeeScheduleId: assumed('Names the roster entry.'),
    EmployeeId: assumed('Says whose schedule the row is.'),
    FirstName: assumed("A rota shows the employee's name without a call per row."),
    LastName: assumed("A rota shows the employee's name without a call per row."),
    SiteId: assumed('Says at which site the employee works then.'),
    ScheduleType: 'spec',
    ScheduleTypeName: assumed('A rota shows the schedule type by name without a table of the numbers.'),
    Start: assumed('A schedule overlaps the range by its start and end; a rota shows them.'),
    End: assumed('A schedule overlaps the range by its start and end; a rota shows them.'),
    Notes: assumed('A rota shows why an employee is off, or which class they teach.'),
    ClassScheduleId: assumed('With includeClasses, names the class session a class row stands for.'),
  },
);

export type EmployeeScheduleRow = WithNoneIds<z.infer<typeof EmployeeScheduleSchema>, 'ClassScheduleId'>;
