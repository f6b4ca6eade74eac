import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { Appointment } from '../../src/world/diary.js';
import type { World } from '../../src/world/index.js';
import { call, demoApi, EMPTY, restrictedToken } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;
let billed: Appointment;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi());
  billed = world.appointments.find((a) => a.InvoiceId !== null)!;
});

type Row = {
  AppointmentId: string;
  Start: string;
  End: string;
  InvoiceId: string | null;
  InvoiceNumber: string | null;
};
const url = (start: string, end: string, a: Appointment = billed) =>
  `/api/v2/clients/appointmenthistory?clientId=${a.ClientId}&siteId=${a.SiteId}&start=${start}&end=${end}`;
const get = async (start: string, end: string, a?: Appointment): Promise<Row[]> => {
  const res = await call(sim, url(start, end, a), { token });
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: Row[]) => rows.map((r) => r.AppointmentId);
const endOf = (a: Appointment) => a.AppointmentServices.reduce((m, s) => (s.End > m ? s.End : m), a.Start);

describe('GET /api/v2/clients/appointmenthistory', () => {
  it("returns the client's appointments at the site in the range", async () => {
    const rows = await get('2025-06-01', '2026-06-01');
    const expected = world.appointments.filter((a) => a.ClientId === billed.ClientId && a.SiteId === billed.SiteId);
    expect(ids(rows).sort()).toEqual(expected.map((a) => a.AppointmentId).sort());
  });

  it('each row carries the invoice it was billed on, with the invoice number', async () => {
    const row = (await get('2025-06-01', '2026-06-01')).find((r) => r.AppointmentId === billed.AppointmentId)!;
    const invoice = world.accountingDocuments.find((d) => d.AccountingDocumentId === billed.InvoiceId)!;
    expect(row).toMatchObject({ InvoiceId: invoice.AccountingDocumentId, InvoiceNumber: invoice.DocumentNumber });
  });

  it('an appointment not billed has InvoiceId the empty Guid and InvoiceNumber null', async () => {
    const open = world.appointments.find((a) => a.InvoiceId === null)!;
    const row = (await get('2025-06-01', '2026-06-01', open)).find((r) => r.AppointmentId === open.AppointmentId)!;
    expect(row).toMatchObject({ InvoiceId: EMPTY, InvoiceNumber: null });
  });

  it('an appointment is returned only when it starts at or after start and ends at or before end', async () => {
    const start = billed.Start;
    const end = endOf(billed);
    expect(ids(await get(start, end))).toContain(billed.AppointmentId);
    const minute = (t: string, n: number) =>
      new Date(Date.parse(`${t.replace(' ', 'T')}:00Z`) + n * 60_000).toISOString().slice(0, 16);
    // Straddling either bound leaves it out.
    expect(ids(await get(minute(start, 1), minute(end, 60)))).not.toContain(billed.AppointmentId);
    expect(ids(await get(minute(start, -60), minute(end, -1)))).not.toContain(billed.AppointmentId);
  });

  it('rows are newest first', async () => {
    const starts = (await get('2025-06-01', '2026-06-01')).map((r) => r.Start);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('a range wider than 730 days answers 400 {"Message":"Maximum date range is 730 days"}', async () => {
    const res = await call(sim, url('2024-01-01', '2026-01-01 00:01'), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Maximum date range is 730 days' });
    expect((await call(sim, url('2024-01-01', '2025-12-31'), { token })).status).toBe(200);
  });

  it.each(['clientId', 'siteId', 'start', 'end'])(
    '%s is required by name: without it the answer is 404',
    async (name) => {
      const u = new URL(`http://x${url('2026-01-01', '2026-03-01')}`);
      u.searchParams.delete(name);
      expect((await call(sim, `${u.pathname}${u.search}`, { token })).status).toBe(404);
    },
  );
});

describe('GET /api/v2/clients/appointmenthistory: access', () => {
  it('the allow-list line api/v2/clients/appointmenthistory admits it', async () => {
    const restricted = await restrictedToken(sim, 'api/v2/clients/appointmenthistory');
    expect((await call(sim, url('2026-01-01', '2026-03-01'), { token: restricted })).status).toBe(200);
    expect((await call(sim, `/api/v2/employees?siteId=${billed.SiteId}`, { token: restricted })).status).toBe(403);
  });

  it('a malformed clientId answers 400 model state naming clientId', async () => {
    const res = await call(
      sim,
      `/api/v2/clients/appointmenthistory?clientId=x&siteId=${billed.SiteId}&start=2026-01-01&end=2026-02-01`,
      { token },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['clientId']);
  });
});
