import { z } from 'zod';
import { setBookingStateAtSite } from '../classes/class-booking.js';
import { formatDateTime } from '../datetime.js';
import { notValidMessage } from '../errors/model-state.js';
import { answerObject, assumed } from '../field-sources.js';
import { bodyDateTime } from '../records.js';
import type { ClassBookingState } from '../world/classes.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

// Partner integration (ClassPass): the partner reports what became of a place it sold. The venue
// is a site and the appointment is a class booking; the whole category is snake_case.

const guid = z.guid();

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
      .enum(STATUSES, { error: (issue) => notValidMessage(String(issue.input), 'status') })
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

export const PartnerAppointmentSchema = answerObject(
  'PartnerAppointment',
  {
    partner_id: guid,
    venue_id: guid.describe('The site.'),
    appointment_id: guid.describe('The class booking id.'),
    class_schedule_id: guid,
    client_id: guid,
    status: z.enum(STATUSES),
    class_booking_state: z.number().int().describe('The ClassBookingState now stored.'),
    updated_utc: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
  },
  {
    partner_id: assumed('Echoes the partner the route named.'),
    venue_id: assumed('Echoes the venue the route named.'),
    appointment_id: assumed('Echoes the booking the route named.'),
    class_schedule_id: assumed('Tells the partner which session the booking is for.'),
    client_id: assumed('Tells the partner whose booking it is.'),
    status: assumed('Echoes the status the partner reported.'),
    class_booking_state: assumed('Tells the partner the booking state now stored.'),
    updated_utc: assumed('Echoes when the change was recorded.'),
  },
);

interface Route {
  partner_id: Guid;
  venue_id: Guid;
  appointment_id: Guid;
}

/** The booking takes the state the status maps to; the answer is the booking as now stored. */
export function reportAppointment(
  world: World,
  route: Route,
  body: z.infer<typeof PartnerAppointmentPatchSchema>,
  now: number,
): z.infer<typeof PartnerAppointmentSchema> {
  const booking = setBookingStateAtSite(world, route.venue_id, route.appointment_id, STATUS_TO_STATE[body.status]);
  return {
    partner_id: route.partner_id,
    venue_id: route.venue_id,
    appointment_id: booking.ClassBookingId,
    class_schedule_id: booking.ClassScheduleId,
    client_id: booking.ClientId,
    status: body.status,
    class_booking_state: booking.ClassBookingState,
    updated_utc: body.updated_utc ?? formatDateTime(now),
  };
}
