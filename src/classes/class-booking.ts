import { clientWithId } from '../client-keys.js';
import { parseDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors } from '../errors/model-state.js';
import type { SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import { checkReference, editRecord, insertRecord, removeRecord, requireField } from '../records.js';
import { rowsReady, rowsWhere, rowWhere } from '../row-lookup.js';
import type { ClassBooking, ClassBookingState, ClassSchedule } from '../world/classes.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import { CLASS_RULES } from './rules.js';
import type { ClassBookingIn, ClassBookingRow } from './schemas.js';

// Class bookings: one client's place on one dated session (class schedule). The rules of the
// places a session has, the write control of a booking body, the list, and the partner's report.

/**
 * ObjectState is the write control of a booking body: POST creates with 1 (Added); PUT updates
 * with 2 (Modified) and removes with 3 (Deleted). 0 (Unchanged), none, or a state the call does
 * not serve writes NOTHING, and the call still answers 200 with the id sent.
 */
function writesNothing(call: 'create' | 'update', objectState: number | undefined): boolean {
  return call === 'create' ? objectState !== 1 : objectState !== 2 && objectState !== 3;
}

// Places. Two counts, kept apart on purpose: the online capacity rule counts the places held now
// (a no-show's place is over), the schedules list's Booked counts the places taken, no-shows included.

/** States that hold a place on the session: Booked and CheckedIn. NoShow, LateCancelled and Cancelled free it. */
const HOLDS_A_PLACE: ReadonlySet<ClassBookingState> = new Set<ClassBookingState>([1, 2]);
/** States the schedules list counts as Booked: Booked, CheckedIn and NoShow (the cancelled ones free theirs). */
const TAKES_A_PLACE: ReadonlySet<ClassBookingState> = new Set<ClassBookingState>([1, 2, 3]);

const FULL_MESSAGE = 'The class is full; online bookings are refused.';

/** Places held on a session, not counting the booking `except`. */
export function placesHeld(world: World, scheduleId: Guid, except: Guid = EMPTY_GUID): number {
  return world.classBookings.filter(
    (b) => b.ClassScheduleId === scheduleId && b.ClassBookingId !== except && HOLDS_A_PLACE.has(b.ClassBookingState),
  ).length;
}

/** The bookings of one session, in their order in the table: found by the session, not read from every booking. */
export const sessionBookings = (world: World, scheduleId: Guid): ClassBooking[] =>
  rowsWhere(world.classBookings, 'ClassScheduleId', scheduleId, 'ClassBookingId');

/** Makes the lookup of the bookings by session in steps, for a page calling `sessionBookings` per session. */
export const sessionBookingsReady = (world: World): Steps<void> => rowsReady(world.classBookings, 'ClassScheduleId');

/** Places taken on a session among its bookings (`sessionBookings`), as `placesTaken` counts them. */
export const placesTakenAmong = (bookings: readonly ClassBooking[]): number =>
  bookings.filter((b) => TAKES_A_PLACE.has(b.ClassBookingState)).length;

/** Places taken per session, as the schedules list shows them (Booked). */
export function placesTaken(world: World): Map<Guid, number> {
  const taken = new Map<Guid, number>();
  for (const b of world.classBookings) {
    if (TAKES_A_PLACE.has(b.ClassBookingState)) taken.set(b.ClassScheduleId, (taken.get(b.ClassScheduleId) ?? 0) + 1);
  }
  return taken;
}

const holdsOnlinePlace = (b: Pick<ClassBooking, 'OnlineBooking' | 'ClassBookingState'>) =>
  b.OnlineBooking && HOLDS_A_PLACE.has(b.ClassBookingState);

/**
 * The online capacity rule: a write that makes the booking hold an ONLINE place on a session where
 * it held none (new booking, a move, manual → online, or a cancelled state → Booked) is refused when
 * the other bookings already fill the session. Manual bookings may overbook.
 */
function checkCapacity(world: World, next: ClassBooking, before: ClassBooking | undefined, problems: ModelStateErrors) {
  if (!holdsOnlinePlace(next)) return;
  if (before && before.ClassScheduleId === next.ClassScheduleId && holdsOnlinePlace(before)) return;
  const session = world.classSchedules.find((s) => s.ClassScheduleId === next.ClassScheduleId);
  if (session && placesHeld(world, session.ClassScheduleId, next.ClassBookingId) >= session.Capacity) {
    problems.add('ClassScheduleId', FULL_MESSAGE, CLASS_RULES.onlineCapacity);
  }
}

function checkReferences(world: World, b: ClassBooking, problems: ModelStateErrors): void {
  const { ClassScheduleId, ClientId } = b;
  checkReference(
    problems,
    'ClassScheduleId',
    ClassScheduleId,
    world.classSchedules.some((s) => s.ClassScheduleId === ClassScheduleId),
    RECORD_RULES.referenceExists,
  );
  const client = clientWithId(world.clients, ClientId);
  checkReference(problems, 'ClientId', ClientId, client !== undefined, RECORD_RULES.referenceExists);
}

/** Makes the lookups of the class bookings' reads in steps (`RegistryOptions.ready`). */
export const classBookingLookupsReady = (world: World): Steps<void> => rowsReady(world.classBookings, 'ClassBookingId');

/** The caller's id is the key, the empty Guid (also for an id left out) included. */
export function createClassBooking(world: World, body: ClassBookingIn): Guid {
  const id = body.ClassBookingId ?? EMPTY_GUID;
  if (writesNothing('create', body.ObjectState)) return id;
  const problems = new ModelStateErrors();
  if (rowWhere(world.classBookings, 'ClassBookingId', id) !== undefined)
    problems.add('ClassBookingId', `A class booking with id '${id}' already exists.`, RECORD_RULES.idsUnique);
  if (body.ClassScheduleId === undefined) requireField(problems, 'ClassScheduleId', CLASS_RULES.bookingFields);
  if (body.ClientId === undefined) requireField(problems, 'ClientId', CLASS_RULES.bookingFields);
  problems.throwIfAny();
  const booking: ClassBooking = {
    ClassBookingId: id,
    ClassScheduleId: body.ClassScheduleId as Guid,
    ClientId: body.ClientId as Guid,
    OnlineBooking: body.OnlineBooking ?? false,
    ClassBookingState: body.ClassBookingState ?? 1,
  };
  checkReferences(world, booking, problems);
  problems.throwIfAny();
  checkCapacity(world, booking, undefined, problems);
  problems.throwIfAny();
  insertRecord(world, 'classBookings', booking);
  return id;
}

/** The BODY's ClassBookingId selects the record. */
export function updateClassBooking(world: World, body: ClassBookingIn): Guid {
  const id = body.ClassBookingId ?? EMPTY_GUID;
  if (writesNothing('update', body.ObjectState)) return id;
  const before = rowWhere(world.classBookings, 'ClassBookingId', id);
  if (!before) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  if (body.ObjectState === 3) {
    removeRecord(world, 'classBookings', before);
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
  checkReferences(world, next, problems);
  problems.throwIfAny();
  checkCapacity(world, next, before, problems);
  problems.throwIfAny();
  Object.assign(editRecord(world, 'classBookings', before), next);
  return id;
}

/**
 * A partner's report on a place it sold: the booking, whose session must be at the site, takes the
 * state (any state may follow any other). A booking elsewhere, or none, is `Record does not exist.`.
 */
export function setBookingStateAtSite(world: World, siteId: Guid, bookingId: Guid, state: ClassBookingState) {
  const booking = rowWhere(world.classBookings, 'ClassBookingId', bookingId);
  const session = booking && world.classSchedules.find((s) => s.ClassScheduleId === booking.ClassScheduleId);
  if (!booking || session?.SiteId !== siteId) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  const edited = editRecord(world, 'classBookings', booking);
  edited.ClassBookingState = state;
  return edited;
}

export type BookingFilter = SiteRange & { classType: number };

const bySessionThenId = orderBy<ClassBookingRow>(
  (r) => r.Start,
  (r) => r.ClassScheduleId,
  (r) => r.ClassBookingId,
);

/** Bookings of the site's sessions of that type whose Start is in [start, end]. */
export function listClassBookings(world: World, f: BookingFilter): ClassBookingRow[] {
  if (f.classType === 0) return [];
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const sessions = new Map<Guid, ClassSchedule>();
  for (const s of world.classSchedules) {
    if (s.SiteId !== f.siteId || classes.get(s.ClassId)?.ClassType !== f.classType) continue;
    const at = parseDateTime(s.Start) ?? NaN;
    if (at >= f.start && at <= f.end) sessions.set(s.ClassScheduleId, s);
  }
  return world.classBookings
    .filter((b) => sessions.has(b.ClassScheduleId))
    .map((b) => {
      const s = sessions.get(b.ClassScheduleId) as ClassSchedule;
      const c = classes.get(s.ClassId);
      const client = clientWithId(world.clients, b.ClientId);
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
    .sort(bySessionThenId);
}
