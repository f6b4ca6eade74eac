import { findParam, rangeParams, siteIdParam } from '../http/common-params.js';
import { endpointGroup, listAnswer } from '../http/endpoint.js';
import { ClassTypes } from '../http/enums.js';
import { boolean, dateTime, enumeration, guid, guidFilter } from '../http/params.js';
import { reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import { createClass, listClasses, listClassSchedules, updateClass } from './class.js';
import { createClassBooking, listClassBookings, updateClassBooking } from './class-booking.js';
import {
  bookingsQuery,
  bookingUpdateExample,
  classesQuery,
  classUpdateExample,
  newBookingExample,
  newClassExample,
  schedulesQuery,
} from './examples.js';
import {
  ClassBookingInput,
  ClassBookingSchema,
  ClassInput,
  ClassListSchema,
  ClassScheduleListSchema,
} from './schemas.js';

const classes = endpointGroup('Classes');

const BOOKINGS = '/api/v2/classes/classbookings';

const classTypeParam = () =>
  enumeration(ClassTypes, {
    typeName: 'ClassTypes',
    description: 'Class = 1, Event = 2, by name or number; All = 0 matches nothing.',
  });

/** GET, POST and PUT /classes; GET /classes/classschedules; GET, POST and PUT /classes/classbookings. */
export const classEndpoints = [
  classes.get('/api/v2/classes', {
    operationId: 'listClasses',
    summary: "List a site's Active classes (definitions), ordered by name.",
    description:
      'A class that had already ended before `start` (EndDate < start) is left out; a class with no EndDate runs ' +
      'on. Inactive classes are never listed. siteId and start are required by name: GET without them answers ' +
      '405, because POST and PUT serve the same path.',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      start: dateTime({ description: 'Classes that had ended before this instant (UTC) are dropped.' }),
    },
    response: listAnswer('Classes, ordered by name.', ClassListSchema),
    errors: { 400: 'A malformed siteId or start, or an empty start.' },
    example: classesQuery,
    handler: ({ account, query }) => reply.json(listClasses(account.world, query)),
  }),
  classes.get('/api/v2/classes/classschedules', {
    operationId: 'listClassSchedules',
    summary: "List a site's Active class sessions in a date range, with places booked and capacity.",
    description:
      'A session is in range when start ≤ its Start ≤ end (no range cap; the end is not widened). classType ' +
      'matches exactly and All (0, or an empty value) returns `[]`. `find` is a case-insensitive contains over ' +
      'the class name. employeeId, when sent with an employee id, keeps the sessions that employee teaches (left ' +
      'out, empty or the empty Guid: every employee). bookOnline ' +
      'defaults to true, which keeps only sessions bookable online; false returns all of them. Booked counts the ' +
      'bookings that are Booked, CheckedIn or NoShow. Ordered by Start, then class name.',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      classType: classTypeParam(),
      ...rangeParams(
        'Range start (UTC); sessions starting at or after it.',
        'Range end (UTC); sessions starting at or before it. No cap on the range.',
      ),
      find: findParam('the class name', 'contains'),
      employeeId: guidFilter({
        required: false,
        description: 'Teacher; left out, empty or the empty Guid = every employee.',
      }),
      bookOnline: boolean({
        default: true,
        description: 'true (default): only sessions bookable online; false: all sessions.',
      }),
    },
    response: listAnswer('Sessions, ordered by Start.', ClassScheduleListSchema),
    errors: { 400: 'A malformed siteId, classType, start, end, employeeId or bookOnline, or an empty start or end.' },
    example: schedulesQuery,
    handler: ({ account, query }) => reply.json(listClassSchedules(account.world, query)),
  }),
  classes.post('/api/v2/classes', {
    operationId: 'createClass',
    summary: 'Create a class (definition) at a site.',
    description:
      'The query siteId must name a site (else 400 model state on `siteId`); the body ClassId and SiteId are ' +
      'ignored. Name is required. Defaults: ClassType 1 (Class), Capacity 10, DurationMinutes 60, State 1, ' +
      'StartDate now, EndDate null (runs on). Sessions are not created by this call.',
    query: { siteId: guid({ description: 'Site the class belongs to.' }) },
    body: { schema: ClassInput, required: true, description: 'The class; ClassId empty.' },
    response: writeResultAnswer('ClassId', 'the new id'),
    errors: { 400: 'No body, a siteId naming no site, no Name, or a malformed field.' },
    example: newClassExample,
    handler: ({ account, query, body, now }) =>
      writeResult('ClassId', createClass(account.world, query.siteId, body, now, account.random).ClassId),
  }),
  classes.put('/api/v2/classes', {
    operationId: 'updateClass',
    summary: 'Update a class: the query classId selects it; the site saved is the BODY SiteId.',
    description:
      'Quirk reproduced: the site saved against is the body SiteId, and leaving it out (or null) saves the EMPTY ' +
      "Guid, so the class drops out of every site's list. Always send SiteId. An unknown classId is a 400 " +
      '`Record does not exist.`; a non-empty SiteId naming no site is a 400 on `SiteId`. Other fields sent ' +
      'overwrite, fields left out keep their value.',
    query: { classId: guid({ description: 'Class to update.' }) },
    body: { schema: ClassInput, required: true, description: 'The fields to write; SiteId always.' },
    response: writeResultAnswer('ClassId', 'the class id'),
    errors: {
      400:
        'No body, an unknown class (`Record does not exist.`), a SiteId naming no site, a blank Name, or a ' +
        'malformed field.',
    },
    example: classUpdateExample,
    handler: ({ account, query, body }) =>
      writeResult('ClassId', updateClass(account.world, query.classId, body).ClassId),
  }),
  classes.get(BOOKINGS, {
    operationId: 'listClassBookings',
    summary: "List the bookings of a site's class sessions starting in a range.",
    description:
      'A booking is returned when its session belongs to the site, is of the given classType and its Start is at ' +
      'or after `start` and at or before `end` (no range cap; the end is not widened). classType All (0) answers ' +
      'an empty list. Every ClassBookingState is returned, cancelled ones included. Ordered by session Start, ' +
      'then ClassScheduleId, then ClassBookingId. Rows carry the class and client names for convenience.',
    cacheable: true,
    query: {
      siteId: guid({ description: 'Site whose sessions are listed.' }),
      classType: classTypeParam(),
      ...rangeParams('Earliest session Start (UTC).', 'Latest session Start (UTC), inclusive.'),
    },
    response: listAnswer('Class bookings, ordered by session Start.', ClassBookingSchema),
    errors: { 400: 'A malformed siteId, classType or date, or an empty start or end.' },
    example: bookingsQuery,
    handler: ({ account, query }) => reply.json(listClassBookings(account.world, query)),
  }),
  classes.post(BOOKINGS, {
    operationId: 'createClassBooking',
    summary: 'Book a client onto a class session; the caller generates ClassBookingId.',
    description:
      'Writes only when the body ObjectState is 1: any other value (or none) writes NOTHING and still answers ' +
      '200 with the write result. The answer Value echoes the ClassBookingId sent. An empty (or missing) ' +
      'ClassBookingId is the empty Guid, and with ObjectState 1 the booking is stored under it like any other id ' +
      '(a second one is refused as in use). The query siteId is required by name ' +
      'only: the booking belongs to the site of its session. ClassScheduleId and ClientId must name records (400 ' +
      'model state on the field); a ClassBookingId already in use is a 400 on ClassBookingId. ClassBookingState ' +
      'defaults to Booked, OnlineBooking to false. Capacity: Booked and CheckedIn hold a place; a manual booking ' +
      '(OnlineBooking false) is accepted on a full session (the front desk may overbook); an ONLINE booking on a ' +
      'full session is a 400 model state on ClassScheduleId.',
    query: { siteId: guid({ description: "Required by name; the booking belongs to its session's site." }) },
    body: {
      schema: ClassBookingInput,
      required: true,
      description: 'The booking with ObjectState 1 and a caller-generated ClassBookingId.',
    },
    response: writeResultAnswer('ClassBookingId', 'the id sent (also when nothing was written)'),
    errors: {
      400:
        'No body, a malformed field, an unknown ClassScheduleId or ClientId, a ClassBookingId in use, or an online ' +
        'booking on a full session.',
    },
    example: newBookingExample,
    handler: ({ account, body }) => writeResult('ClassBookingId', createClassBooking(account.world, body)),
  }),
  classes.put(BOOKINGS, {
    operationId: 'updateClassBooking',
    summary: 'Update (ObjectState 2) or remove (ObjectState 3) a class booking; the BODY id selects it.',
    description:
      'The query classBookingId must be in the URL by name but is otherwise ignored: the body ClassBookingId ' +
      'selects the record and is echoed in the answer. ObjectState 2 updates (fields sent overwrite, fields left ' +
      'out keep), 3 removes; 0, 1 or none writes NOTHING and still answers 200. An id naming no booking with ' +
      'ObjectState 2 or 3 is a 400 `Record does not exist.`. Moving a client = a new ClassScheduleId; a write ' +
      'that makes the booking hold an online place where it held none (move, manual → online, cancelled → ' +
      'Booked) is refused on a full session with a 400 model state on ClassScheduleId. No siteId.',
    query: {
      classBookingId: guid({
        description: 'Required by name for routing; ignored (the body ClassBookingId selects the record).',
      }),
    },
    body: {
      schema: ClassBookingInput,
      required: true,
      description: 'The booking with ObjectState 2 (update) or 3 (remove).',
    },
    response: writeResultAnswer('ClassBookingId', 'the body id (also when nothing was written)'),
    errors: {
      400:
        'No body, a malformed field, an unknown booking (`Record does not exist.`), an unknown ClassScheduleId or ' +
        'ClientId, or an online move onto a full session.',
    },
    example: bookingUpdateExample,
    handler: ({ account, body }) => writeResult('ClassBookingId', updateClassBooking(account.world, body)),
  }),
];
