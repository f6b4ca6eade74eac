import { DAY, formatDateTime } from '../datetime.js';
import { weekAround } from '../examples.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import type { ClassDefinition } from '../world/classes.js';
import { EMPTY_GUID } from '../world/common.js';
import type { World } from '../world/index.js';
import { placesHeld } from './class-booking.js';

// Example calls for the OpenAPI document, picked from the seeded world.

export const classesQuery = (world: World, now: number) => ({
  query: { siteId: firstActiveSiteId(world), start: formatDateTime(now) },
});

function activeClass(world: World): ClassDefinition {
  const site = firstActiveSiteId(world);
  const found = world.classes.find((c) => c.SiteId === site && c.State === 1 && c.ClassType === 1) ?? world.classes[0];
  if (!found) throw new Error('the world has no class');
  return found;
}

export const newClassExample = (world: World) => {
  const siteId = firstActiveSiteId(world);
  return {
    query: { siteId },
    body: {
      ClassId: EMPTY_GUID,
      SiteId: siteId,
      Name: 'Sunrise Yoga',
      Description: 'Gentle morning flow.',
      ClassType: 1,
      Capacity: 12,
      DurationMinutes: 45,
    },
  };
};

export const classUpdateExample = (world: World) => {
  const c = activeClass(world);
  return {
    query: { classId: c.ClassId },
    body: { ClassId: c.ClassId, SiteId: c.SiteId, Name: c.Name, Capacity: c.Capacity + 2 },
  };
};

export const schedulesQuery = (world: World, now: number) => ({
  query: { siteId: firstActiveSiteId(world), classType: 'Class', ...weekAround(now), find: '', bookOnline: 'true' },
});

// Bookings: a booked session in the coming days, and one with a free place for the new booking.

function bookedBooking(world: World) {
  const b = world.classBookings.find((x) => x.ClassBookingState === 1) ?? world.classBookings[0];
  if (!b) throw new Error('the world has no class booking');
  return b;
}

export const bookingsQuery = (world: World, now: number) => {
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
};

export const newBookingExample = (world: World, now: number) => {
  const s = world.classSchedules.find(
    (x) =>
      x.State === 1 &&
      x.BookOnline &&
      x.Start > formatDateTime(now) &&
      placesHeld(world, x.ClassScheduleId) < x.Capacity,
  );
  if (!s) throw new Error('the world has no class session with a free place');
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
};

export const bookingUpdateExample = (world: World) => {
  const b = bookedBooking(world);
  return {
    query: { classBookingId: b.ClassBookingId },
    body: { ClassBookingId: b.ClassBookingId, ClassBookingState: 2, ObjectState: 2 },
  };
};
