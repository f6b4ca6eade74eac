import { DAY, HOUR, MINUTE, utcMs, utcText } from '../datetime.js';
import { orderBy } from '../order.js';
import type { Item } from './booking.js';
import { Booker } from './booking.js';
import type { Calendar } from './calendar.js';
import type { Membership, Package, Resource, Service } from './catalogue.js';
import type { Client } from './clients.js';
import type { DateTimeText, Guid } from './common.js';
import { EMPTY_GUID } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Employee, StaffPlan } from './employees.js';
import type { Rng } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';
import { type Steps, sortInSteps } from './steps.js';

export interface AppointmentState {
  AppointmentStateId: Guid;
  Name: string;
}

export interface Source {
  SourceId: Guid;
  Name: string;
}

export interface ClientType {
  ClientTypeId: Guid;
  Name: string;
}

export interface AppointmentServiceEmployee {
  EmployeeId: Guid;
  FirstName: string;
  LastName: string;
}

export interface AppointmentServiceResource {
  ResourceId: Guid;
  Name: string;
}

export interface AppointmentService {
  AppointmentServiceId: Guid;
  AppointmentId: Guid;
  ClientId: Guid;
  ServiceId: Guid;
  PackageId: Guid | null;
  /** Shared by every service booked as one package. */
  PackageGroupId: Guid | null;
  Start: DateTimeText;
  End: DateTimeText;
  Description: string;
  Employees: AppointmentServiceEmployee[];
  Resources: AppointmentServiceResource[];
}

export interface Appointment {
  AppointmentId: Guid;
  SiteId: Guid;
  ClientId: Guid;
  ClientTypeId: Guid;
  AppointmentNumber: string;
  AppointmentStateId: Guid;
  /** Start of the earliest service. */
  Start: DateTimeText;
  Notes: string;
  SourceId: Guid;
  /** Employee who took the booking; the empty Guid for online bookings. */
  UserId: Guid;
  VIP: boolean;
  /** Shared by the weekly copies of a repeating booking. */
  SeriesId: Guid | null;
  CreationDate: DateTimeText;
  /** Client invoice the appointment was billed on (Completed ones in the past). */
  InvoiceId: Guid | null;
  AppointmentServices: AppointmentService[];
}

export const APPOINTMENT_STATE_NAMES = [
  'Booked',
  'Confirmed',
  'Arrived',
  'In Progress',
  'Completed',
  'No Show',
  'Cancelled',
] as const;
export type AppointmentStateName = (typeof APPOINTMENT_STATE_NAMES)[number];

/**
 * The appointment states are system records, referred to by id from code: the same ids in every
 * account, whatever the seed. Booked's is the real service's (a public booking site on it sends
 * this id hard-coded in every booking); the others' ids are invented, fixed so they never vary.
 */
export const APPOINTMENT_STATE_IDS: Readonly<Record<AppointmentStateName, Guid>> = {
  Booked: '32d7ec12-54c4-4d48-8848-0f0613f1dc57',
  Confirmed: '755b784c-28a5-47ba-8c3c-faa2fc1f03cd',
  Arrived: '8b5f55b3-a116-4b17-a45d-475998cdc1e4',
  'In Progress': '35c78306-3f3e-482d-bea4-c06f5bf1504c',
  Completed: '8d8a4b5d-5181-46a9-b780-6673ea093b7b',
  'No Show': 'ace33900-cb21-4213-9d8e-d403f50b26ee',
  Cancelled: '46211d23-3acc-40a2-8534-f2b88ee2e536',
};
export const SOURCE_NAMES = ['Walk-in', 'Phone', 'Online'] as const;
export const CLIENT_TYPE_NAMES = ['New Client', 'Regular Client', 'Referral'] as const;

export interface Lookups {
  appointmentStates: AppointmentState[];
  sources: Source[];
  clientTypes: ClientType[];
}

/** The ids the states were drawn with from the seed before they were fixed, in APPOINTMENT_STATE_NAMES order. */
const drawStateIds = (rng: Rng): Guid[] => APPOINTMENT_STATE_NAMES.map(() => rng.uuid());

/**
 * The fixed id of each state by the id it had when it was drawn from the seed: an account saved then
 * holds appointments in those states, and is read with the fixed ids.
 */
export function earlierStateIds(seed: number): ReadonlyMap<Guid, Guid> {
  const drawn = drawStateIds(rngFor({ seed }, 'lookups'));
  return new Map(APPOINTMENT_STATE_NAMES.map((name, i) => [drawn[i]!, APPOINTMENT_STATE_IDS[name]]));
}

export function generateLookups(ctx: GenContext): Lookups {
  const rng = rngFor(ctx, 'lookups');
  // The states once drew their ids here; the draws are kept so sources and client types keep theirs.
  drawStateIds(rng);
  return {
    appointmentStates: APPOINTMENT_STATE_NAMES.map((Name) => ({
      AppointmentStateId: APPOINTMENT_STATE_IDS[Name],
      Name,
    })),
    sources: SOURCE_NAMES.map((Name) => ({ SourceId: rng.uuid(), Name })),
    clientTypes: CLIENT_TYPE_NAMES.map((Name) => ({ ClientTypeId: rng.uuid(), Name })),
  };
}

/** Appointments are booked over this many days either side of today. */
export const DIARY_DAYS = 30;

const NOTES = [
  'Prefers a quiet treatment',
  'Running 10 minutes late',
  'Patch test done last visit',
  'Please use unscented oil',
  'Birthday treat',
  'Wants to discuss colour options',
  'Sensitive skin',
  'Parking: needs a permit',
];

export interface DiaryInput {
  sites: SiteInfo[];
  services: Service[];
  packages: Package[];
  resources: Resource[];
  memberships: Membership[];
  plans: StaffPlan[];
  clients: Client[];
  lookups: Lookups;
  calendar: Calendar;
}

/** The diary, a step per site and day (see steps.ts). */
export function* diarySteps(ctx: GenContext, input: DiaryInput): Steps<Appointment[]> {
  const rng = rngFor(ctx, 'diary');
  const { calendar, lookups } = input;
  const employees = new Map(input.plans.map((p) => [p.employee.EmployeeId, p.employee]));
  const serviceById = new Map(input.services.map((s) => [s.ServiceId, s]));
  const booker = new Booker(
    rng,
    calendar,
    employees,
    input.services,
    new Map(input.resources.map((r) => [r.ResourceId, r])),
  );
  const states = new Map(lookups.appointmentStates.map((s) => [s.Name, s.AppointmentStateId]));
  const sources = new Map(lookups.sources.map((s) => [s.Name, s.SourceId]));
  const types = new Map(lookups.clientTypes.map((s) => [s.Name, s.ClientTypeId]));
  const state = (name: AppointmentStateName) => states.get(name) ?? EMPTY_GUID;
  const source = (name: (typeof SOURCE_NAMES)[number]) => sources.get(name) ?? EMPTY_GUID;
  const clientType = (name: (typeof CLIENT_TYPE_NAMES)[number]) => types.get(name) ?? EMPTY_GUID;
  const vipMembership = input.memberships.find((m) => m.Code === 'VIP-B')?.MembershipId;
  // VIP belongs to the client, so every booking of theirs carries it.
  const vips = new Set(
    input.clients.filter((c) => c.MembershipId === vipMembership || rng.chance(0.02)).map((c) => c.ClientId),
  );
  yield;
  const created = new Map(input.clients.map((c) => [c.ClientId, utcMs(c.CreationDate)]));
  yield;
  const appointments: Appointment[] = [];

  /**
   * `desk`: who may have taken a phone booking that day (receptionists, else the team).
   * `booked`: creation time shared by a series, whose copies were made with the first.
   */
  const record = (
    items: Item[],
    client: Client,
    siteId: Guid,
    desk: readonly Guid[],
    seriesId: Guid | null,
    booked?: number,
  ): number => {
    const start = items[0]?.start ?? 0;
    // Past means over by the start of today; an evening that runs past UTC midnight is not yet.
    const past = (items[items.length - 1]?.end ?? start) <= ctx.today;
    const online = items.every((i) => i.service.BookOnline && i.employee.BookOnline) && rng.chance(0.35);
    const walkIn = past && !online && seriesId === null && rng.chance(0.15);
    const joined = created.get(client.ClientId) ?? 0;
    const lead = walkIn ? rng.int(1, 4) * 5 * MINUTE : rng.int(1, 28) * DAY + rng.int(0, 40) * 15 * MINUTE;
    const creation = booked ?? Math.min(start, Math.max(joined, Math.min(start - lead, ctx.today - HOUR)));
    const AppointmentId = rng.uuid();
    const groups = new Map<Guid, Guid>();
    appointments.push({
      AppointmentId,
      SiteId: siteId,
      ClientId: client.ClientId,
      ClientTypeId:
        start - joined < 14 * DAY
          ? clientType('New Client')
          : rng.chance(0.08)
            ? clientType('Referral')
            : clientType('Regular Client'),
      AppointmentNumber: '',
      AppointmentStateId: past
        ? state(rng.weighted(['Completed', 'No Show', 'Cancelled'] as const, [82, 7, 11]))
        : state(rng.weighted(['Booked', 'Confirmed', 'Cancelled'] as const, [55, 40, 5])),
      Start: utcText(start),
      Notes: rng.chance(0.15) ? rng.pick(NOTES) : '',
      SourceId: source(online ? 'Online' : walkIn ? 'Walk-in' : 'Phone'),
      UserId: online ? EMPTY_GUID : rng.pick(desk),
      VIP: vips.has(client.ClientId),
      SeriesId: seriesId,
      CreationDate: utcText(creation),
      InvoiceId: null,
      AppointmentServices: items.map((i) => {
        let PackageGroupId: Guid | null = null;
        if (i.packageId) {
          PackageGroupId = groups.get(i.packageId) ?? rng.uuid();
          groups.set(i.packageId, PackageGroupId);
        }
        return {
          AppointmentServiceId: rng.uuid(),
          AppointmentId,
          ClientId: client.ClientId,
          ServiceId: i.service.ServiceId,
          PackageId: i.packageId,
          PackageGroupId,
          Start: utcText(i.start),
          End: utcText(i.end),
          Description: i.service.Name,
          Employees: [
            { EmployeeId: i.employee.EmployeeId, FirstName: i.employee.FirstName, LastName: i.employee.LastName },
          ],
          Resources: i.resource ? [{ ResourceId: i.resource.ResourceId, Name: i.resource.Name }] : [],
        };
      }),
    });
    return creation;
  };

  for (const info of input.sites) {
    const siteId = info.site.SiteId;
    const everyone = input.clients.filter((c) => c.SiteId === null || c.SiteId === siteId);
    const current = everyone.filter((c) => c.State === 1);
    const packages = input.packages.filter((p) => p.State === 1 && (p.SiteId === null || p.SiteId === siteId));
    const menu = input.services.filter(
      (s) => s.State === 1 && !s.PackageOnly && (s.SiteId === null || s.SiteId === siteId),
    );

    const pickClient = (from: number, to: number): Client | undefined => {
      const pool = to <= ctx.today ? everyone : current;
      for (let t = 0; t < 6 && pool.length > 0; t++) {
        const c = rng.pick(pool);
        if ((created.get(c.ClientId) ?? 0) < from - HOUR && calendar.isFree(c.ClientId, from, to)) return c;
      }
      return undefined;
    };

    for (let k = -DIARY_DAYS; k < DIARY_DAYS; k++) {
      yield;
      const day = ctx.today + k * DAY;
      if (info.closedFrom !== null && day >= info.closedFrom) break;
      const occupancy =
        k < 0
          ? ctx.profile.pastOccupancy
          : ctx.profile.nearOccupancy + ((ctx.profile.farOccupancy - ctx.profile.nearOccupancy) * k) / DIARY_DAYS;
      const shifts = calendar.shiftsAt(siteId, day);
      const staff = shifts.map((s) => s.employeeId);
      const clerks = staff.filter((id) => employees.get(id)?.JobTitle === 'Receptionist');
      const desk = clerks.length ? clerks : staff;

      for (const shift of shifts) {
        const employee = employees.get(shift.employeeId);
        if (!employee || booker.servicesFor(employee, siteId).length === 0) continue;
        const limit = shift.offFrom ?? shift.end;
        let cursor = shift.start;
        while (cursor + 15 * MINUTE <= limit) {
          const busyUntil = calendar.busyUntil(employee.EmployeeId, cursor, cursor + 15 * MINUTE);
          if (busyUntil !== undefined) {
            cursor = Math.ceil(busyUntil / (15 * MINUTE)) * 15 * MINUTE;
            continue;
          }
          if (!rng.chance(occupancy)) {
            cursor += rng.int(1, 4) * 15 * MINUTE;
            continue;
          }
          const items = plan(rng, booker, employee, siteId, cursor, staff, packages, menu, serviceById);
          if (!items) {
            cursor += 15 * MINUTE;
            continue;
          }
          const client = pickClient(cursor, items[items.length - 1]?.end ?? cursor);
          if (!client) {
            cursor += 15 * MINUTE;
            continue;
          }
          booker.commit(items, client.ClientId);
          const seriesId = client.State === 1 && rng.chance(0.03) ? rng.uuid() : null;
          const booked = record(items, client, siteId, desk, seriesId);
          if (seriesId)
            repeatWeekly(ctx, booker, calendar, items, client, siteId, (copy) =>
              record(copy, client, siteId, desk, seriesId, booked),
            );
          cursor = Math.max(...items.filter((i) => i.employee === employee).map((i) => i.end), cursor + 15 * MINUTE);
        }
      }
    }
  }

  // Numbers follow booking order, as the front desk issued them.
  const byCreation = yield* sortInSteps(
    [...appointments],
    orderBy<Appointment>(
      (x) => x.CreationDate,
      (x) => x.AppointmentId,
    ),
  );
  byCreation.forEach((a, i) => {
    a.AppointmentNumber = String(100001 + i);
  });
  return yield* sortInSteps(appointments, (a, b) =>
    a.Start < b.Start ? -1 : a.Start > b.Start ? 1 : a.AppointmentId < b.AppointmentId ? -1 : 1,
  );
}

/** What one booking holds: a service, two in a row (same or another employee), or a package. */
function plan(
  rng: Rng,
  booker: Booker,
  employee: Employee,
  siteId: Guid,
  start: number,
  staff: readonly Guid[],
  packages: Package[],
  menu: Service[],
  serviceById: Map<Guid, Service>,
): Item[] | undefined {
  const kind = rng.weighted(['single', 'double', 'package'] as const, [75, 15, packages.length ? 10 : 0]);
  if (kind === 'package') {
    const pkg = rng.pick(packages);
    const lead = serviceById.get(pkg.Services.find((s) => s.Sequence === 1)?.ServiceId ?? '');
    // The employee whose free slot this is must open the package.
    if (!lead || !booker.canPerform(employee, lead, siteId)) return undefined;
    return booker.placePackage(pkg, serviceById, siteId, start, staff, employee);
  }
  const first = booker.place(rng.pick(booker.servicesFor(employee, siteId)), employee, siteId, start, []);
  if (!first) return undefined;
  if (kind === 'single') return [first];
  const next = rng.pick(menu);
  if (next === first.service) return [first];
  const second = rng.chance(0.5)
    ? (booker.place(next, employee, siteId, first.end, [first]) ??
      booker.placeWithAnyone(next, siteId, first.end, staff, [first]))
    : booker.placeWithAnyone(next, siteId, first.end, staff, [first]);
  return second ? [first, second] : [first];
}

/** Copies a booking to the following weeks while everyone is free, inside the diary window. */
function repeatWeekly(
  ctx: GenContext,
  booker: Booker,
  calendar: Calendar,
  items: Item[],
  client: Client,
  siteId: Guid,
  emit: (copy: Item[]) => void,
) {
  for (let week = 1; week <= 3; week++) {
    const copy = booker.shifted(items, siteId, week);
    if (!copy) return;
    const from = copy[0]?.start ?? 0,
      to = copy[copy.length - 1]?.end ?? 0;
    if (from >= ctx.today + DIARY_DAYS * DAY || !calendar.isFree(client.ClientId, from, to)) return;
    booker.commit(copy, client.ClientId);
    emit(copy);
  }
}
