import { z } from 'zod';
import type { WithNoneIds } from '../records.js';

// The spec names TimeRecordList without its fields.

export const TimeRecordListSchema = z
  .object({
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
  })
  .meta({ id: 'TimeRecordList' });

export type TimeRecordRow = WithNoneIds<z.infer<typeof TimeRecordListSchema>, 'SiteId'>;
