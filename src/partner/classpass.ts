import { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { endpointGroup } from '../http/endpoint.js';
import { errors } from '../http/errors.js';
import { routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { bodyDateTime, editRecord } from '../records.js';
import type { ClassBookingState } from '../world/classes.js';
import type { World } from '../world/index.js';

const partner = endpointGroup('Partner integration');

// Partner integration (ClassPass): the partner reports what became of a place it sold. The venue
// is a site and the appointment is a class booking; the whole category is snake_case.

const STATUS_TO_STATE = {
  booked: 1,
  attended: 2,
  no_show: 3,
  late_cancelled: 4,
  cancelled: 5,
} as const satisfies Record<string, ClassBookingState>;
type Status = keyof typeof STATUS_TO_STATE;
const STATUSES = Object.keys(STATUS_TO_STATE) as [Status, ...Status[]];

export const PartnerAppointmentPatchSchema = z
  .object({
    status: z
      .enum(STATUSES, { error: (issue) => `The value '${String(issue.input)}' is not valid for status.` })
      .describe(
        'booked → Booked (1), attended → CheckedIn (2), no_show → NoShow (3), late_cancelled → LateCancelled ' +
          '(4), cancelled → Cancelled (5).',
      ),
    updated_utc: bodyDateTime
      .nullable()
      .optional()
      .describe('When the partner recorded the change (UTC); default now. Echoed back.'),
  })
  .meta({ id: 'PartnerAppointmentPatch' });

export const PartnerAppointmentSchema = z
  .object({
    partner_id: z.guid(),
    venue_id: z.guid().describe('The site.'),
    appointment_id: z.guid().describe('The class booking id.'),
    class_schedule_id: z.guid(),
    client_id: z.guid(),
    status: z.enum(STATUSES),
    class_booking_state: z.number().int().describe('The ClassBookingState now stored.'),
    updated_utc: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
  })
  .meta({ id: 'PartnerAppointment' });

/** The class booking whose session is at the venue (site); undefined when there is none. */
function bookingAtVenue(world: World, venueId: string, bookingId: string) {
  const booking = world.classBookings.find((b) => b.ClassBookingId === bookingId);
  if (!booking) return undefined;
  const schedule = world.classSchedules.find((s) => s.ClassScheduleId === booking.ClassScheduleId);
  return schedule && schedule.SiteId === venueId ? booking : undefined;
}

function exampleBooking(world: World) {
  const schedules = new Map(world.classSchedules.map((s) => [s.ClassScheduleId, s]));
  const booking =
    world.classBookings.find((b) => b.ClassBookingState === 1 && schedules.has(b.ClassScheduleId)) ??
    world.classBookings[0];
  if (!booking) throw new Error('the world has no class booking');
  return { booking, siteId: schedules.get(booking.ClassScheduleId)?.SiteId ?? '' };
}

export const partnerEndpoints = [
  partner.patch('/api/v2/classpass/{partner_id}/venues/{venue_id}/appointments/{appointment_id}', {
    operationId: 'patchClassPassAppointment',
    summary: 'A partner reports the outcome of a class place it sold (attended, no-show, cancelled…).',
    description:
      'snake_case, like the whole partner-integration category. venue_id is a site and appointment_id a class ' +
      "booking id; partner_id is echoed and not checked. `status` maps onto the booking's ClassBookingState: " +
      'booked = Booked, attended = CheckedIn, no_show = NoShow, late_cancelled = LateCancelled, cancelled = ' +
      'Cancelled; any state may follow any other. A booking that does not exist, or whose session is not at the ' +
      'venue, is a 400 `{"Message":"Record does not exist."}`. The route ends in a record id, so no allow-list ' +
      'line admits it.',
    route: {
      partner_id: routeGuid('The partner (not checked; echoed).'),
      venue_id: routeGuid('The site the session is at.'),
      appointment_id: routeGuid('The class booking id.'),
    },
    body: { schema: PartnerAppointmentPatchSchema, required: true, description: 'The new status.' },
    response: { description: 'The booking as now stored, snake_case.', schema: PartnerAppointmentSchema },
    errors: {
      400:
        'No body, a status that is not one of the five, a malformed updated_utc, or no booking with that id at the ' +
        'venue (`Record does not exist.`).',
      404: 'An id is not a well-formed Guid (the route does not match).',
    },
    example: (world) => {
      const { booking, siteId } = exampleBooking(world);
      return {
        route: {
          partner_id: '5c1f7e2a-8d3b-4a6e-9f10-2b3c4d5e6f70',
          venue_id: siteId,
          appointment_id: booking.ClassBookingId,
        },
        body: { status: 'attended', updated_utc: '2026-03-16 10:05' },
      };
    },
    handler: ({ account, route, body, now }) => {
      const booking = editRecord(
        account.world,
        'classBookings',
        bookingAtVenue(account.world, route.venue_id, route.appointment_id),
      );
      if (!booking) throw errors.recordDoesNotExist();
      booking.ClassBookingState = STATUS_TO_STATE[body.status];
      return reply.json({
        partner_id: route.partner_id,
        venue_id: route.venue_id,
        appointment_id: booking.ClassBookingId,
        class_schedule_id: booking.ClassScheduleId,
        client_id: booking.ClientId,
        status: body.status,
        class_booking_state: booking.ClassBookingState,
        updated_utc: body.updated_utc ?? formatDateTime(now),
      });
    },
  }),
];
