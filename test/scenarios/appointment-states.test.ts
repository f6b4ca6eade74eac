import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Simulator } from '../../src/app.js';
import { APPOINTMENT_STATE_IDS, APPOINTMENT_STATE_NAMES } from '../../src/world/diary.js';
import type { World } from '../../src/world/index.js';
import { cartFor, localDate, type Offer, servicesAt, timesPath } from '../appointments/availability-fixtures.js';
import { activeSite, call, simulator, tokenFor } from '../helpers.js';

// Appointment states belong to the account (vendor support article "Appointment States": each
// account sets up its own, with a name and a colour, deletable while unused). Every generated world
// has the same states and ids (Booked's is the one a public booking site on the real service
// hard-codes); a scenario sets an account's own list, so a team can mirror its real account's ids.

/** A real account's ids, as a team would copy them from its own GET /api/v2/appointmentstates. */
const REAL: Record<string, string> = {
  Booked: 'a0000000-0000-4000-8000-000000000001',
  Confirmed: 'a0000000-0000-4000-8000-000000000002',
  Arrived: 'a0000000-0000-4000-8000-000000000003',
  'In Progress': 'a0000000-0000-4000-8000-000000000004',
  Completed: 'a0000000-0000-4000-8000-000000000005',
  'No Show': 'a0000000-0000-4000-8000-000000000006',
  Cancelled: 'a0000000-0000-4000-8000-000000000007',
};
const mirrored = [
  ...APPOINTMENT_STATE_NAMES.map((Name) => ({ AppointmentStateId: REAL[Name]!, Name })),
  { AppointmentStateId: 'a0000000-0000-4000-8000-000000000008', Name: 'Deposit Paid' },
];

let sim: Simulator;
let token: string;
beforeEach(async () => {
  sim = await simulator();
  token = await tokenFor(sim);
});
const world = (): World => sim.registry.get('demo')!.world;
/** Applies an inline scenario; a rebuilt account holds new tokens, so the test takes one again. */
async function apply(scenario: Record<string, unknown>) {
  const res = await call(sim, '/__admin/accounts/demo/scenario', {
    method: 'POST',
    body: { scenario: { description: 'x', ...scenario } },
  });
  token = await tokenFor(sim);
  return res;
}
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(sim, `/api/v2${path}`, { ...init, token });
const countIn = (w: World, id: string) => w.appointments.filter((a) => a.AppointmentStateId === id).length;

describe('appointment states set by a scenario', () => {
  it("a scenario's appointmentStates replace the account's list, in its order", async () => {
    expect((await apply({ appointmentStates: mirrored })).status).toBe(200);
    expect((await api('/appointmentstates')).body).toEqual(mirrored);
  });

  it("the seeded appointments follow their state's name to the listed id; setstate takes the new ids only", async () => {
    const before = Object.fromEntries(
      APPOINTMENT_STATE_NAMES.map((name) => [name, countIn(world(), APPOINTMENT_STATE_IDS[name])]),
    );
    expect(before.Booked).toBeGreaterThan(0);
    expect((await apply({ appointmentStates: mirrored })).status).toBe(200);
    for (const name of APPOINTMENT_STATE_NAMES) {
      expect(countIn(world(), REAL[name]!), name).toBe(before[name]);
      expect(countIn(world(), APPOINTMENT_STATE_IDS[name]), name).toBe(0);
    }
    const appointment = world().appointments[0]!;
    const move = (stateId: string) =>
      api(`/appointments/setstate?appointmentId=${appointment.AppointmentId}&appointmentStateId=${stateId}`, {
        method: 'POST',
      });
    expect((await move(REAL.Arrived!)).status).toBe(200);
    const refused = await move(APPOINTMENT_STATE_IDS.Arrived);
    expect([refused.status, Object.keys(refused.body.ModelState)]).toEqual([400, ['appointmentStateId']]);
  });

  it("docs/scenarios.md's appointment-states example applies, and the diary follows by name", async () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../docs/scenarios.md'), 'utf8');
    const example = parse(/```yaml\n(description: The states of our real account[\s\S]*?)```/.exec(page)![1]!);
    const booked = countIn(world(), APPOINTMENT_STATE_IDS.Booked);
    const res = await apply(example);
    expect(res.status, res.text).toBe(200);
    expect((await api('/appointmentstates')).body).toEqual(example.appointmentStates);
    const ownBooked = example.appointmentStates.find((s: { Name: string }) => s.Name === 'Booked').AppointmentStateId;
    expect(countIn(world(), ownBooked)).toBe(booked);
  });

  it('a generated world keeps the fixed ids, Booked the one the site hard-codes, when no scenario sets them', async () => {
    expect((await apply({})).status).toBe(200);
    const states = (await api('/appointmentstates')).body as { AppointmentStateId: string; Name: string }[];
    expect(Object.fromEntries(states.map((s) => [s.Name, s.AppointmentStateId]))).toEqual(APPOINTMENT_STATE_IDS);
    expect(APPOINTMENT_STATE_IDS.Booked).toBe('32d7ec12-54c4-4d48-8848-0f0613f1dc57');
  });

  it('a list that leaves out, by id and by name, a state an appointment is in is refused; the account stays as it was', async () => {
    const withoutCancelled = mirrored.filter((s) => s.Name !== 'Cancelled');
    const cancelled = countIn(world(), APPOINTMENT_STATE_IDS.Cancelled);
    expect(cancelled).toBeGreaterThan(0);
    const res = await apply({ appointmentStates: withoutCancelled });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `(inline): appointmentStates: leaves out the state Cancelled (${APPOINTMENT_STATE_IDS.Cancelled}), which ` +
        `${cancelled} appointments are in; list its AppointmentStateId or its Name, or clear appointments`,
    );
    const states = (await api('/appointmentstates')).body as { AppointmentStateId: string }[];
    expect(states.map((s) => s.AppointmentStateId)).toEqual(Object.values(APPOINTMENT_STATE_IDS));
  });

  it('a state no appointment is in may be left out; with clear: [appointments] any list is taken', async () => {
    const unused = APPOINTMENT_STATE_NAMES.find((name) => countIn(world(), APPOINTMENT_STATE_IDS[name]) === 0);
    if (unused) {
      const res = await apply({ appointmentStates: mirrored.filter((s) => s.Name !== unused) });
      expect(res.status, res.text).toBe(200);
    }
    const own = [{ AppointmentStateId: 'b0000000-0000-4000-8000-000000000001', Name: 'Open' }];
    expect((await apply({ clear: ['appointments'], appointmentStates: own })).status).toBe(200);
    expect((await api('/appointmentstates')).body).toEqual(own);
  });

  it('the same id or name (in any case) listed twice is refused, naming the entry', async () => {
    const id = 'c0000000-0000-4000-8000-000000000001';
    const twiceId = await apply({
      appointmentStates: [
        { AppointmentStateId: id, Name: 'Booked' },
        { AppointmentStateId: id.toUpperCase(), Name: 'Arrived' },
      ],
    });
    expect([twiceId.status, twiceId.body.error]).toEqual([
      400,
      '(inline): appointmentStates[1].AppointmentStateId: listed twice',
    ]);
    const twiceName = await apply({
      appointmentStates: [
        { AppointmentStateId: id, Name: 'Booked' },
        { AppointmentStateId: 'c0000000-0000-4000-8000-000000000002', Name: 'booked ' },
      ],
    });
    expect([twiceName.status, twiceName.body.error]).toEqual([
      400,
      '(inline): appointmentStates[1].Name: listed twice',
    ]);
  });

  it('an empty list, a blank name or a malformed id is refused', async () => {
    for (const [appointmentStates, error] of [
      [[], '(inline): appointmentStates: Too small: expected array to have >=1 items'],
      [[{ AppointmentStateId: 'c0000000-0000-4000-8000-000000000001', Name: ' ' }], 'Name: must not be blank'],
      [[{ AppointmentStateId: 'nope', Name: 'Booked' }], 'AppointmentStateId'],
    ] as const) {
      const res = await apply({ appointmentStates });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(error);
    }
  });
});

describe('code that looks states up by name works with an account of other names', () => {
  const OPEN = 'd0000000-0000-4000-8000-000000000001';
  const VOID = 'd0000000-0000-4000-8000-000000000002';
  const own = [
    { AppointmentStateId: OPEN, Name: 'Open' },
    { AppointmentStateId: VOID, Name: 'Void' },
  ];

  it('without a state named Booked a new appointment takes the first state listed', async () => {
    expect((await apply({ appointmentStates: own, clear: ['appointments'] })).status).toBe(200);
    const w = world();
    const service = servicesAt(w, activeSite(w))[0]!;
    const employee = w.employees.find((e) => e.ServiceIds.includes(service.ServiceId))!;
    const res = await api(`/appointments?siteId=${activeSite(w)}`, {
      method: 'POST',
      body: {
        ClientId: w.clients[0]!.ClientId,
        AppointmentServices: [
          {
            ServiceId: service.ServiceId,
            Start: '2026-03-20 10:00',
            End: '2026-03-20 11:00',
            Employees: [{ EmployeeId: employee.EmployeeId, FirstName: 'A', LastName: 'B' }],
          },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const read = await api(`/appointments/${res.body.Value}`);
    expect(read.body.AppointmentStateId).toBe(OPEN);
  });

  it('without a state named Cancelled no appointment counts as cancelled: one in any state keeps its time taken', async () => {
    expect((await apply({ appointmentStates: own, clear: ['appointments'] })).status).toBe(200);
    const w = world();
    const site = w.sites.find((s) => s.SiteId === activeSite(w))!;
    const now = sim.registry.get('demo')!.clock.now();
    for (let days = 1; days < 8; days++) {
      for (const service of servicesAt(w, site.SiteId)) {
        const p = { siteId: site.SiteId, day: localDate(site, now, days), services: [service.ServiceId] };
        const offers = (await api(timesPath(p).replace('/api/v2', ''))).body as Offer[];
        if (offers.length === 0) continue;
        const cart = cartFor(w, p, offers[0]!);
        const booked = await api(`/appointments?siteId=${site.SiteId}`, {
          method: 'POST',
          body: { ClientId: w.clients[0]!.ClientId, AppointmentStateId: VOID, AppointmentServices: cart },
        });
        expect(booked.status, booked.text).toBe(200);
        const again = await api(`/appointments/validate?siteId=${site.SiteId}`, { method: 'POST', body: cart });
        expect(again.status).toBe(200);
        expect(JSON.parse(again.text)).toBe(service.Name);
        return;
      }
    }
    throw new Error('no time offered in a week');
  });
});
