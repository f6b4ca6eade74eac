import { z } from 'zod';
import { DAY, formatDateTime } from '../datetime.js';
import { endpointGroup } from '../http/endpoint.js';
import { ClassTypes } from '../http/enums.js';
import { dateTime, enumeration, guid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { WriteResultSchema, writeResult } from '../http/write-result.js';
import type { World } from '../world/index.js';
import { createClassBooking, listClassBookings, TAKES_PLACE, updateClassBooking } from './bookings.js';
import { ClassBookingInput, ClassBookingSchema } from './bookings-schemas.js';

const classes = endpointGroup('Classes');

const allowListLine = 'api/v2/classes/classbookings';
const path = '/api/v2/classes/classbookings';

// Examples: a booked session in the coming days, and one with a free place for the new booking.
function bookedBooking(world: World) {
  const b = world.classBookings.find((x) => x.ClassBookingState === 1) ?? world.classBookings[0];
  if (!b) throw new Error('the world has no class booking');
  return b;
}
function freeSession(world: World, now: number) {
  const s = world.classSchedules.find(
    (x) =>
      x.State === 1 &&
      x.BookOnline &&
      x.Start > formatDateTime(now) &&
      world.classBookings.filter((b) => b.ClassScheduleId === x.ClassScheduleId && TAKES_PLACE.has(b.ClassBookingState))
        .length < x.Capacity,
  );
  if (!s) throw new Error('the world has no class session with a free place');
  return s;
}

/** GET, POST and PUT /classes/classbookings. */
export const classBookingEndpoints = [
  classes.get(path, {
    operationId: 'listClassBookings',
    summary: "List the bookings of a site's class sessions starting in a range.",
    description:
      'A booking is returned when its session belongs to the site, is of the given classType and its Start is at ' +
      'or after `start` and at or before `end` (no range cap; the end is not widened). classType All (0) answers ' +
      'an empty list. Every ClassBookingState is returned, cancelled ones included. Ordered by session Start, ' +
      'then ClassScheduleId, then ClassBookingId. Rows carry the class and client names for convenience.',
    cacheable: true,
    allowListLine,
    query: {
      siteId: guid({ description: 'Site whose sessions are listed.' }),
      classType: enumeration(ClassTypes, {
        typeName: 'ClassTypes',
        description: 'Class = 1, Event = 2, by name or number; All = 0 matches nothing.',
      }),
      start: dateTime({ description: 'Earliest session Start (UTC).' }),
      end: dateTime({ description: 'Latest session Start (UTC), inclusive.' }),
    },
    response: { description: 'Class bookings, ordered by session Start.', schema: z.array(ClassBookingSchema) },
    errors: { 400: 'A malformed siteId, classType or date, or an empty start or end.' },
    example: (world, now) => {
      const b = bookedBooking(world);
      const s = world.classSchedules.find((x) => x.ClassScheduleId === b.ClassScheduleId)!;
      const c = world.classes.find((x) => x.ClassId === s.ClassId);
      return {
        query: {
          siteId: s.SiteId,
          classType: c?.ClassType === 2 ? 'Event' : 'Class',
          start: formatDateTime(now - 7 * DAY),
          end: formatDateTime(now + 7 * DAY),
        },
      };
    },
    handler: ({ account, query }) => reply.json(listClassBookings(account.world, query)),
  }),
  classes.post(path, {
    operationId: 'createClassBooking',
    summary: 'Book a client onto a class session; the caller generates ClassBookingId.',
    description:
      'Writes only when the body ObjectState is 1: any other value (or none) writes NOTHING and still answers ' +
      '200 with the write result. The answer Value echoes the ClassBookingId sent; an empty (or missing) ' +
      'ClassBookingId is echoed as the empty Guid and nothing is stored. The query siteId is required by name ' +
      'only: the booking belongs to the site of its session. ClassScheduleId and ClientId must name records (400 ' +
      'model state on the field); a ClassBookingId already in use is a 400 on ClassBookingId. ClassBookingState ' +
      'defaults to Booked, OnlineBooking to false. Capacity: Booked and CheckedIn hold a place; a manual booking ' +
      '(OnlineBooking false) is accepted on a full session (the front desk may overbook); an ONLINE booking on a ' +
      'full session is a 400 model state on ClassScheduleId.',
    allowListLine,
    query: { siteId: guid({ description: "Required by name; the booking belongs to its session's site." }) },
    body: {
      schema: ClassBookingInput,
      required: true,
      description: 'The booking with ObjectState 1 and a caller-generated ClassBookingId.',
    },
    response: {
      description: 'Write result: Message `ClassBookingId`, Value the id sent (also when nothing was written).',
      schema: WriteResultSchema,
    },
    errors: {
      400:
        'No body, a malformed field, an unknown ClassScheduleId or ClientId, a ClassBookingId in use, or an online ' +
        'booking on a full session.',
    },
    example: (world, now) => {
      const s = freeSession(world, now);
      const client = world.clients.find((c) => c.State === 1) ?? world.clients[0];
      return {
        query: { siteId: s.SiteId },
        body: {
          ClassBookingId: '5d2f8c1e-7a44-4b8e-9f3a-2c6d1e0b9a71',
          ClassScheduleId: s.ClassScheduleId,
          ClientId: client?.ClientId,
          OnlineBooking: true,
          ClassBookingState: 1,
          ObjectState: 1,
        },
      };
    },
    handler: ({ account, body }) => writeResult('ClassBookingId', createClassBooking(account.world, body)),
  }),
  classes.put(path, {
    operationId: 'updateClassBooking',
    summary: 'Update (ObjectState 2) or remove (ObjectState 3) a class booking; the BODY id selects it.',
    description:
      'The query classBookingId must be in the URL by name but is otherwise ignored: the body ClassBookingId ' +
      'selects the record and is echoed in the answer. ObjectState 2 updates (fields sent overwrite, fields left ' +
      'out keep), 3 removes; 0, 1 or none writes NOTHING and still answers 200. An id naming no booking with ' +
      'ObjectState 2 or 3 is a 400 `Record does not exist.`. Moving a client = a new ClassScheduleId; a write ' +
      'that makes the booking hold an online place where it held none (move, manual → online, cancelled → ' +
      'Booked) is refused on a full session with a 400 model state on ClassScheduleId. No siteId.',
    allowListLine,
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
    response: {
      description: 'Write result: Message `ClassBookingId`, Value the body id (also when nothing was written).',
      schema: WriteResultSchema,
    },
    errors: {
      400:
        'No body, a malformed field, an unknown booking (`Record does not exist.`), an unknown ClassScheduleId or ' +
        'ClientId, or an online move onto a full session.',
    },
    example: (world) => {
      const b = bookedBooking(world);
      return {
        query: { classBookingId: b.ClassBookingId },
        body: { ClassBookingId: b.ClassBookingId, ClassBookingState: 2, ObjectState: 2 },
      };
    },
    handler: ({ account, body }) => writeResult('ClassBookingId', updateClassBooking(account.world, body)),
  }),
];
