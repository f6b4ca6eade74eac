import { DAY, utcMs, utcText } from '../../datetime.js';
import type { Appointment, AppointmentService } from '../../world/diary.js';
import type { World } from '../../world/index.js';

// The diary's bookings by UTC day. A large world holds tens of thousands of appointment services;
// reading them all on every availability question costs milliseconds, mostly in memory traffic.
// Indexed once, a question reads only the days it covers. Only bookings ending after `since` are
// indexed: nothing before the account clock is ever offered, so the past weeks of the diary need
// no place in it. Stored arrays are never changed in place, so the index is kept per appointments
// array (and the states it was built with): any change to the diary is a new array.

/** One booked service of an appointment in any state but Cancelled. */
export interface BookedService {
  appointment: Appointment;
  service: AppointmentService;
  start: number;
  end: number;
}

const CANCELLED = 'Cancelled';
const dayNumber = (ms: number) => Math.floor(ms / DAY);

export class DiaryIndex {
  private readonly byDay = new Map<number, BookedService[]>();

  /** Indexes the bookings that end after `since` (all of them by default). */
  constructor(
    world: World,
    readonly since = -Infinity,
  ) {
    const cancelled = world.appointmentStates.find((s) => s.Name === CANCELLED)?.AppointmentStateId;
    // DateTime texts sort as their instants: the past is passed over without parsing.
    const sinceText = Number.isFinite(since) ? utcText(since) : '';
    for (const appointment of world.appointments) {
      if (appointment.AppointmentStateId === cancelled) continue;
      for (const service of appointment.AppointmentServices) {
        if (service.End <= sinceText) continue;
        const start = utcMs(service.Start);
        const end = Math.max(start, utcMs(service.End));
        const booked: BookedService = { appointment, service, start, end };
        // A booking is listed under every day it touches.
        for (let d = dayNumber(start); d <= dayNumber(Math.max(start, end - 1)); d++) {
          const list = this.byDay.get(d);
          if (list) list.push(booked);
          else this.byDay.set(d, [booked]);
        }
      }
    }
  }

  /** Each booked service overlapping [from, to) once. Bookings ending before `since` are not in the index. */
  overlapping(from: number, to: number, visit: (b: BookedService) => void): void {
    const first = dayNumber(from);
    for (let d = first; d <= dayNumber(Math.max(from, to - 1)); d++) {
      for (const b of this.byDay.get(d) ?? []) {
        // Listed under several days, a booking is visited from the first of them in range.
        if (b.start < to && from < b.end && Math.max(dayNumber(b.start), first) === d) visit(b);
      }
    }
  }
}

const indexes = new WeakMap<readonly Appointment[], { states: World['appointmentStates']; index: DiaryIndex }>();

/**
 * The index of the world's diary as it is, covering at least the bookings that end after `since`
 * (the account clock: every answer is about times from then on). Built once per diary, and again
 * only when the clock is moved back past it.
 */
export function diaryIndex(world: World, since: number): DiaryIndex {
  const kept = indexes.get(world.appointments);
  if (kept && kept.states === world.appointmentStates && kept.index.since <= since) return kept.index;
  // A day's margin, so that questions about the same day keep hitting the same index.
  const index = new DiaryIndex(world, Math.floor(since / DAY) * DAY - DAY);
  indexes.set(world.appointments, { states: world.appointmentStates, index });
  return index;
}
