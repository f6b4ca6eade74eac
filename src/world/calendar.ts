import { DAY } from '../datetime.js';
import type { Guid } from './common.js';
import type { Shift } from './rosters.js';

// Occupancy shared by the class and diary generators, so that nobody (employee, resource or
// client) is ever in two places at once and nobody works outside their roster.

const dayNumber = (ms: number) => Math.floor(ms / DAY);
/** Room for day numbers well past the year 2300 below each id's slot. */
const DAYS_PER_ID = 1 << 17;

export class Calendar {
  // Keys are numbers (interned id × DAYS_PER_ID + day) rather than strings: these maps are hit
  // millions of times in large worlds and string keys made garbage collection dominate.
  private readonly ids = new Map<Guid, number>();
  private readonly shiftsByEmployeeDay = new Map<number, Shift[]>();
  private readonly shiftsBySiteDay = new Map<string, Shift[]>();
  /** Flat [start, end, start, end, …] per id and UTC day. */
  private readonly busy = new Map<number, number[]>();

  constructor(shifts: readonly Shift[]) {
    for (const shift of shifts) {
      const base = this.slot(shift.employeeId);
      for (let d = dayNumber(shift.start); d <= dayNumber(shift.end - 1); d++)
        push(this.shiftsByEmployeeDay, base + d, shift);
      push(this.shiftsBySiteDay, `${shift.siteId}|${shift.day}`, shift);
    }
  }

  private slot(id: Guid): number {
    let n = this.ids.get(id);
    if (n === undefined) this.ids.set(id, (n = this.ids.size));
    return n * DAYS_PER_ID;
  }

  /** Shifts worked at a site on one of its local dates. */
  shiftsAt(siteId: Guid, localDay: number): readonly Shift[] {
    return this.shiftsBySiteDay.get(`${siteId}|${localDay}`) ?? [];
  }

  /** The shift covering [start, end) at the site, excluding partial leave; undefined if none. */
  rostered(employeeId: Guid, siteId: Guid, start: number, end: number): Shift | undefined {
    for (const shift of this.shiftsByEmployeeDay.get(this.slot(employeeId) + dayNumber(start)) ?? []) {
      if (shift.siteId === siteId && shift.start <= start && end <= (shift.offFrom ?? shift.end)) return shift;
    }
    return undefined;
  }

  isFree(id: Guid, start: number, end: number): boolean {
    return this.busyUntil(id, start, end) === undefined;
  }

  /** Latest end among bookings of `id` overlapping [start, end), to skip ahead; undefined when free. */
  busyUntil(id: Guid, start: number, end: number): number | undefined {
    const base = this.slot(id);
    let latest: number | undefined;
    for (let d = dayNumber(start); d <= dayNumber(end - 1); d++) {
      const list = this.busy.get(base + d);
      if (!list) continue;
      for (let i = 0; i < list.length; i += 2) {
        const s = list[i] as number,
          e = list[i + 1] as number;
        if (s < end && start < e && (latest === undefined || e > latest)) latest = e;
      }
    }
    return latest;
  }

  reserve(id: Guid, start: number, end: number): void {
    const base = this.slot(id);
    for (let d = dayNumber(start); d <= dayNumber(end - 1); d++) {
      const list = this.busy.get(base + d);
      if (list) list.push(start, end);
      else this.busy.set(base + d, [start, end]);
    }
  }

  /** Whether the employee may take [start, end) at the site: rostered, not on leave, not busy. */
  available(employeeId: Guid, siteId: Guid, start: number, end: number): boolean {
    return this.rostered(employeeId, siteId, start, end) !== undefined && this.isFree(employeeId, start, end);
  }
}

function push<K, T>(map: Map<K, T[]>, key: K, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
