import { insertRecord } from '../../src/records.js';
import type { ClassSchedule } from '../../src/world/classes.js';
import type { World } from '../../src/world/index.js';

export const PATH = '/api/v2/classes/classbookings';

let serial = 0;
/** A fresh caller-generated booking id. */
export const newId = () => `cb000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export const placesTaken = (world: World, s: ClassSchedule) =>
  world.classBookings.filter(
    (b) => b.ClassScheduleId === s.ClassScheduleId && (b.ClassBookingState === 1 || b.ClassBookingState === 2),
  ).length;

/** An active session with at least `free` free places. */
export const sessionWithRoom = (world: World, free = 1, skip = 0) =>
  world.classSchedules.filter((s) => s.State === 1 && s.Capacity - placesTaken(world, s) >= free)[skip]!;

/** Fill the session to capacity with manual bookings written straight into the world. */
export function fill(world: World, s: ClassSchedule) {
  const clientId = world.clients[0]!.ClientId;
  while (placesTaken(world, s) < s.Capacity) {
    insertRecord(world, 'classBookings', {
      ClassBookingId: newId(),
      ClassScheduleId: s.ClassScheduleId,
      ClientId: clientId,
      OnlineBooking: false,
      ClassBookingState: 1,
    });
  }
}

export const booking = (s: ClassSchedule, world: World, extra: Record<string, unknown> = {}) => ({
  ClassBookingId: newId(),
  ClassScheduleId: s.ClassScheduleId,
  ClientId: world.clients[0]!.ClientId,
  OnlineBooking: false,
  ClassBookingState: 1,
  ObjectState: 1,
  ...extra,
});
