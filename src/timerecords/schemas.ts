import { z } from 'zod';
import { answerObject, assumed } from '../field-sources.js';
import type { WithNoneIds } from '../records.js';

// The spec names TimeRecordList without its fields.

export const TimeRecordListSchema = answerObject(
  'TimeRecordList',
  {
    TimeRecordId: z.guid(),
    EmployeeId: z.guid(),
    FirstName: z.string().describe("The employee's first name; empty when the employee no longer exists."),
    LastName: z.string().describe("The employee's last name; empty when the employee no longer exists."),
    SiteId: z
      .guid()
      .describe('Site clocked at; the empty Guid for a device not tied to a site (returned for every siteId).'),
    ClockIn: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
    ClockOut: z.string().nullable().describe('UTC `yyyy-MM-dd HH:mm`; null while the employee is still clocked in.'),
    Minutes: z.number().int().nullable().describe('Minutes between clock-in and clock-out; null while clocked in.'),
    Notes: z.string(),
  },
  {
    TimeRecordId: assumed('Names the time record.'),
    EmployeeId: assumed('Says whose time the record is, for payroll.'),
    FirstName: assumed("The spec's find matches the employee's first name; a timesheet shows it."),
    LastName: assumed("The spec's find matches the employee's last name; a timesheet shows it."),
    SiteId: assumed('Records not tied to a site are listed for every siteId; this tells them apart.'),
    ClockIn: assumed('The spec selects and orders records by clock-in; a timesheet shows it.'),
    ClockOut: assumed('The spec selects records by clock-out too; a timesheet shows it.'),
    Minutes: assumed('A timesheet or payroll export totals the time worked without working it out.'),
    Notes: assumed('A timesheet shows what was noted at the clock.'),
  },
);

export type TimeRecordRow = WithNoneIds<z.infer<typeof TimeRecordListSchema>, 'SiteId'>;
