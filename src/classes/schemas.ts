import { z } from 'zod';

// Answer shapes. ClassList and ClassScheduleList are named by the spec without fields; these are
// the stored class fields, and a session's fields plus its class and its places taken.

export const ClassListSchema = z
  .object({
    ClassId: z.guid(),
    SiteId: z.guid(),
    Name: z.string(),
    Description: z.string(),
    ClassType: z.number().int().describe('Class = 1, Event = 2.'),
    Capacity: z.number().int().describe('Places per session.'),
    DurationMinutes: z.number().int(),
    State: z.number().int().describe('Active = 1, Inactive = 2.'),
    StartDate: z.string().describe('UTC `yyyy-MM-dd HH:mm`: the class runs from then.'),
    EndDate: z.string().nullable().describe('UTC; null = runs on.'),
  })
  .meta({ id: 'ClassList' });

export const ClassScheduleListSchema = z
  .object({
    ClassScheduleId: z.guid(),
    ClassId: z.guid(),
    SiteId: z.guid(),
    ClassName: z.string(),
    ClassType: z.number().int().describe('Class = 1, Event = 2.'),
    EmployeeId: z.guid().describe('The teacher.'),
    Start: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
    End: z.string(),
    Capacity: z.number().int(),
    Booked: z.number().int().describe('Places taken: bookings that are Booked, CheckedIn or NoShow.'),
    Available: z.number().int().describe('Capacity − Booked, never below 0.'),
    BookOnline: z.boolean(),
    State: z.number().int().describe('Active = 1 (only Active sessions are listed).'),
  })
  .meta({ id: 'ClassScheduleList' });
