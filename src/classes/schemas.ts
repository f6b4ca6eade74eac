import { z } from 'zod';
import { answerObject, assumed, sameAsRecord } from '../field-sources.js';
import { bodyDateTime, bodyGuid, byteEnum, text } from '../records.js';

// Wire shapes of the classes area. ClassList and ClassScheduleList are named by the spec without
// fields: these are the stored class fields, and a session's fields plus its class and its places
// taken. The ClassBooking row is the spec's ClassBooking plus names and the session start, cheap to
// join.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');
const classType = z.number().int().describe('Class = 1, Event = 2.');

// Answers.

const inClassList = sameAsRecord('ClassList', 'Class');
const CLASS_TYPE = assumed(
  "The spec's ClassTypes enumeration names a ClassType field without the type that carries it; lists filter by it.",
);

export const ClassListSchema = answerObject(
  'ClassList',
  {
    ClassId: guid,
    SiteId: guid,
    Name: z.string(),
    Description: z.string(),
    ClassType: classType,
    Capacity: z.number().int().describe('Places per session.'),
    DurationMinutes: z.number().int(),
    State: z.number().int().describe('Active = 1, Inactive = 2.'),
    StartDate: z.string().describe('UTC `yyyy-MM-dd HH:mm`: the class runs from then.'),
    EndDate: z.string().nullable().describe('UTC; null = runs on.'),
  },
  {
    ClassId: inClassList,
    SiteId: inClassList,
    Name: inClassList,
    Description: assumed('A timetable or booking site describes each class to clients.'),
    ClassType: CLASS_TYPE,
    Capacity: assumed('A booking site needs how many places a session of the class has.'),
    DurationMinutes: assumed('A timetable needs how long a session of the class lasts.'),
    State: assumed('Tells a caller whether the class is still offered.'),
    StartDate: assumed('Says from when the class runs.'),
    EndDate: assumed("The list's start parameter drops classes that had ended; this is when a class ends."),
  },
);

export const ClassScheduleListSchema = answerObject(
  'ClassScheduleList',
  {
    ClassScheduleId: guid,
    ClassId: guid,
    SiteId: guid,
    ClassName: z.string(),
    ClassType: classType,
    EmployeeId: guid.describe('The teacher.'),
    Start: dateTime,
    End: z.string(),
    Capacity: z.number().int(),
    Booked: z.number().int().describe('Places taken: bookings that are Booked, CheckedIn or NoShow.'),
    Available: z.number().int().describe('Capacity − Booked, never below 0.'),
    BookOnline: z.boolean(),
    State: z.number().int().describe('Active = 1 (only Active sessions are listed).'),
  },
  {
    ClassScheduleId: assumed('A booking names the session by this id.'),
    ClassId: assumed('Ties the session to its class in the class list.'),
    SiteId: assumed('Says which site runs the session.'),
    ClassName: assumed('A timetable shows the class name without a call per session.'),
    ClassType: CLASS_TYPE,
    EmployeeId: assumed("The list's employeeId filter selects sessions by their teacher."),
    Start: assumed('A timetable needs when the session starts; the list filters on it.'),
    End: assumed('A timetable needs when the session ends.'),
    Capacity: assumed('A booking site needs how many places the session has.'),
    Booked: assumed('A booking site needs how many places are taken.'),
    Available: assumed('A booking site needs whether a place is left without working it out.'),
    BookOnline: assumed("The list's bookOnline filter selects on it."),
    State: assumed('Tells a caller whether the session is still on.'),
  },
);

export const ClassBookingSchema = answerObject(
  'ClassBooking',
  {
    ClassBookingId: guid,
    ClassScheduleId: guid.describe('The dated session.'),
    ClientId: guid,
    OnlineBooking: z.boolean().describe('true = booked online, false = manual (front desk).'),
    ClassBookingState: z
      .number()
      .int()
      .describe('Booked = 1, CheckedIn = 2, NoShow = 3, LateCancelled = 4, Cancelled = 5.'),
    ClassId: guid,
    ClassName: z.string(),
    ClassType: classType,
    Start: z.string().describe('Session start, UTC `yyyy-MM-dd HH:mm`.'),
    End: z.string().describe('Session end, UTC `yyyy-MM-dd HH:mm`.'),
    ClientFirstName: z.string(),
    ClientLastName: z.string(),
  },
  {
    ClassBookingId: 'spec',
    ClassScheduleId: 'spec',
    ClientId: 'spec',
    OnlineBooking: 'spec',
    ClassBookingState: 'spec',
    ClassId: assumed('A class register groups its bookings by class without a call per session.'),
    ClassName: assumed('A class register shows the class name without a call per session.'),
    ClassType: CLASS_TYPE,
    Start: assumed("The list's range selects on the session start; a register shows it without a call per session."),
    End: assumed('A class register shows when the session ends without a call per session.'),
    ClientFirstName: assumed("A class register shows the client's name without a call per booking."),
    ClientLastName: assumed("A class register shows the client's name without a call per booking."),
  },
);

export type ClassScheduleRow = z.infer<typeof ClassScheduleListSchema>;
export type ClassBookingRow = z.infer<typeof ClassBookingSchema>;

// Request bodies. POST and PUT /classes: the spec shows ClassId, SiteId and Name; the other fields
// are the stored class fields. Everything is optional in the schema so that the model reports the
// rules itself (Name required on create, the empty site of a PUT without SiteId).

const count = (max: number) =>
  z
    .number()
    .int({ error: 'The field must be a whole number.' })
    .min(1, { error: 'The field must be at least 1.' })
    .max(max, { error: `The field must be at most ${max}.` });

export const ClassInput = z
  .object({
    ClassId: bodyGuid
      .nullable()
      .optional()
      .describe('Empty on create; ignored on update (the query classId selects the record).'),
    SiteId: bodyGuid
      .nullable()
      .optional()
      .describe(
        'POST: ignored (the query siteId is used). PUT: the site saved against; left out or null saves the EMPTY Guid.',
      ),
    Name: text(100).nullable().optional().describe('Required on create.'),
    Description: text(2000).nullable().optional(),
    ClassType: byteEnum('ClassType', [1, 2]).optional().describe('Class = 1 (default), Event = 2.'),
    Capacity: count(1000).optional().describe('Places per session; default 10.'),
    DurationMinutes: count(1440).optional().describe('Default 60.'),
    State: byteEnum('State', [1, 2]).optional().describe('Active = 1 (default), Inactive = 2.'),
    StartDate: bodyDateTime.nullable().optional().describe('Default: now.'),
    EndDate: bodyDateTime.nullable().optional().describe('null = runs on.'),
  })
  .meta({ id: 'Class' });

export type ClassIn = z.infer<typeof ClassInput>;

export const ClassBookingInput = z
  .object({
    ClassBookingId: bodyGuid
      .optional()
      .describe(
        'Generated by the caller on create; selects the record on update. Empty or left out: nothing is written.',
      ),
    ClassScheduleId: bodyGuid
      .optional()
      .describe('The session; required on create; a new value on update moves the client.'),
    ClientId: bodyGuid.optional().describe('Required on create.'),
    OnlineBooking: z.boolean().optional().describe('Default false (manual).'),
    ClassBookingState: byteEnum('ClassBookingState', [1, 2, 3, 4, 5])
      .optional()
      .describe('Default Booked = 1 on create.'),
    ObjectState: byteEnum('ObjectState', [0, 1, 2, 3])
      .optional()
      .describe(
        'Write control: POST writes only with 1; PUT updates with 2, removes with 3; anything else (or left out) ' +
          'writes nothing and still answers 200.',
      ),
  })
  .meta({ id: 'ClassBookingInput' });

export type ClassBookingIn = z.infer<typeof ClassBookingInput>;
