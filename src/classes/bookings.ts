import { parseDateTime } from '../datetime.js';
import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import { editRecord, insertRecord, removeRecord } from '../records.js';
import type { ClassBooking, ClassBookingState, ClassSchedule } from '../world/classes.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { ClassBookingIn } from './bookings-schemas.js';

/** States that hold a place on the session: Booked and CheckedIn. NoShow, LateCancelled and Cancelled free it. */
export const TAKES_PLACE: ReadonlySet<ClassBookingState> = new Set<ClassBookingState>([1, 2]);
export const FULL_MESSAGE = 'The class is full; online bookings are refused.';

export interface BookingFilter {
  siteId: Guid;
  classType: number;
  start: number;
  end: number;
}

/** GET /classes/classbookings: bookings of the site's sessions of that type whose Start is in [start, end]. */
export function listClassBookings(world: World, f: BookingFilter) {
  if (f.classType === 0) return [];
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const sessions = new Map<Guid, ClassSchedule>();
  for (const s of world.classSchedules) {
    if (s.SiteId !== f.siteId || classes.get(s.ClassId)?.ClassType !== f.classType) continue;
    const at = parseDateTime(s.Start) ?? NaN;
    if (at >= f.start && at <= f.end) sessions.set(s.ClassScheduleId, s);
  }
  const clients = new Map(world.clients.map((c) => [c.ClientId, c]));
  return world.classBookings
    .filter((b) => sessions.has(b.ClassScheduleId))
    .map((b) => {
      const s = sessions.get(b.ClassScheduleId) as ClassSchedule;
      const c = classes.get(s.ClassId);
      const client = clients.get(b.ClientId);
      return {
        ClassBookingId: b.ClassBookingId,
        ClassScheduleId: b.ClassScheduleId,
        ClientId: b.ClientId,
        OnlineBooking: b.OnlineBooking,
        ClassBookingState: b.ClassBookingState,
        ClassId: s.ClassId,
        ClassName: c?.Name ?? '',
        ClassType: c?.ClassType ?? 1,
        Start: s.Start,
        End: s.End,
        ClientFirstName: client?.FirstName ?? '',
        ClientLastName: client?.LastName ?? '',
      };
    })
    .sort(
      (x, y) =>
        x.Start.localeCompare(y.Start) ||
        x.ClassScheduleId.localeCompare(y.ClassScheduleId) ||
        x.ClassBookingId.localeCompare(y.ClassBookingId),
    );
}

/** Places held on a session, not counting the booking `except`. */
function placesTaken(world: World, scheduleId: Guid, except: Guid): number {
  return world.classBookings.filter(
    (b) => b.ClassScheduleId === scheduleId && b.ClassBookingId !== except && TAKES_PLACE.has(b.ClassBookingState),
  ).length;
}

const holdsOnlinePlace = (b: Pick<ClassBooking, 'OnlineBooking' | 'ClassBookingState'>) =>
  b.OnlineBooking && TAKES_PLACE.has(b.ClassBookingState);

/**
 * The online capacity rule: a write that makes the booking hold an ONLINE place on a session where
 * it held none (new booking, a move, manual → online, or a cancelled state → Booked) is refused when
 * the other bookings already fill the session. Manual bookings may overbook.
 */
function checkCapacity(world: World, next: ClassBooking, before: ClassBooking | undefined, problems: ModelStateErrors) {
  if (!holdsOnlinePlace(next)) return;
  if (before && before.ClassScheduleId === next.ClassScheduleId && holdsOnlinePlace(before)) return;
  const session = world.classSchedules.find((s) => s.ClassScheduleId === next.ClassScheduleId);
  if (session && placesTaken(world, session.ClassScheduleId, next.ClassBookingId) >= session.Capacity) {
    problems.add('ClassScheduleId', FULL_MESSAGE);
  }
}

function checkRefs(world: World, b: ClassBooking, problems: ModelStateErrors) {
  if (!world.classSchedules.some((s) => s.ClassScheduleId === b.ClassScheduleId))
    problems.add('ClassScheduleId', 'The class schedule does not exist.');
  if (!world.clients.some((c) => c.ClientId === b.ClientId)) problems.add('ClientId', 'The client does not exist.');
}

/**
 * POST /classes/classbookings: writes only with ObjectState 1 and a non-empty ClassBookingId;
 * otherwise nothing is written (still 200). Answers the id sent (empty stays empty).
 */
export function createClassBooking(world: World, body: ClassBookingIn): Guid {
  const id = body.ClassBookingId ?? EMPTY_GUID;
  if (body.ObjectState !== 1 || id === EMPTY_GUID) return id;
  const problems = new ModelStateErrors();
  if (world.classBookings.some((b) => b.ClassBookingId === id))
    problems.add('ClassBookingId', `A class booking with id '${id}' already exists.`);
  if (body.ClassScheduleId === undefined) problems.add('ClassScheduleId', 'The ClassScheduleId field is required.');
  if (body.ClientId === undefined) problems.add('ClientId', 'The ClientId field is required.');
  problems.throwIfAny();
  const booking: ClassBooking = {
    ClassBookingId: id,
    ClassScheduleId: body.ClassScheduleId as Guid,
    ClientId: body.ClientId as Guid,
    OnlineBooking: body.OnlineBooking ?? false,
    ClassBookingState: body.ClassBookingState ?? 1,
  };
  checkRefs(world, booking, problems);
  problems.throwIfAny();
  checkCapacity(world, booking, undefined, problems);
  problems.throwIfAny();
  insertRecord(world, 'classBookings', booking);
  return id;
}

/**
 * PUT /classes/classbookings: the BODY's ClassBookingId selects the record. ObjectState 2 updates
 * (sent fields overwrite, left out keep), 3 removes; 0, 1 or none writes nothing (still 200).
 * An id naming no booking with 2 or 3 is a 400 `Record does not exist.`.
 */
export function updateClassBooking(world: World, body: ClassBookingIn): Guid {
  const id = body.ClassBookingId ?? EMPTY_GUID;
  if (body.ObjectState !== 2 && body.ObjectState !== 3) return id;
  const index = world.classBookings.findIndex((b) => b.ClassBookingId === id);
  const before = world.classBookings[index];
  if (!before) throw errors.recordDoesNotExist();
  if (body.ObjectState === 3) {
    removeRecord(world, 'classBookings', world.classBookings[index]!);
    return id;
  }
  const next: ClassBooking = {
    ClassBookingId: id,
    ClassScheduleId: body.ClassScheduleId ?? before.ClassScheduleId,
    ClientId: body.ClientId ?? before.ClientId,
    OnlineBooking: body.OnlineBooking ?? before.OnlineBooking,
    ClassBookingState: body.ClassBookingState ?? before.ClassBookingState,
  };
  const problems = new ModelStateErrors();
  checkRefs(world, next, problems);
  problems.throwIfAny();
  checkCapacity(world, next, before, problems);
  problems.throwIfAny();
  editRecord(world, 'classBookings', before);
  Object.assign(world.classBookings[index]!, next);
  return id;
}
