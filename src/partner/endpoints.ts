import { endpointGroup } from '../http/endpoint.js';
import { routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import type { World } from '../world/index.js';
import { PartnerAppointmentPatchSchema, PartnerAppointmentSchema, reportAppointment } from './classpass.js';

const partner = endpointGroup('Partner integration');

/** A Booked place, reported attended at its session's site. */
function reportExample(world: World) {
  const schedules = new Map(world.classSchedules.map((s) => [s.ClassScheduleId, s]));
  const booking =
    world.classBookings.find((b) => b.ClassBookingState === 1 && schedules.has(b.ClassScheduleId)) ??
    world.classBookings[0];
  if (!booking) throw new Error('the world has no class booking');
  return {
    route: {
      partner_id: '5c1f7e2a-8d3b-4a6e-9f10-2b3c4d5e6f70',
      venue_id: schedules.get(booking.ClassScheduleId)?.SiteId ?? '',
      appointment_id: booking.ClassBookingId,
    },
    body: { status: 'attended', updated_utc: '2026-03-16 10:05' },
  };
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
    },
    example: reportExample,
    handler: ({ account, route, body, now }) => reply.json(reportAppointment(account.world, route, body, now)),
  }),
];
