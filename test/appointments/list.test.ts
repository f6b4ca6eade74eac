import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi } from '../helpers.js';
import { upcoming } from './support.js';

// Read-only: one simulator for the file.

let d: DemoApi;
let siteId: string;
beforeAll(async () => {
  d = await demoApi();
  siteId = upcoming(d.world).SiteId;
});

type Row = { AppointmentId: string; Start: string; SiteId: string; AppointmentStateId: string; ClientId: string };
const q = (p: Partial<Record<'siteId' | 'stateId' | 'start' | 'end' | 'find' | 'clientId', string>>) => {
  const all = { siteId, stateId: '', start: '2026-03-09', end: '2026-03-23', find: '', clientId: '', ...p };
  return `/api/v2/appointments?${new URLSearchParams(all)}`;
};
const list = async (p: Parameters<typeof q>[0] = {}): Promise<Row[]> => {
  const res = await call(d, q(p));
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: Row[]) => rows.map((r) => r.AppointmentId).sort();
const inWorld = (
  f: (a: (typeof d.world.appointments)[number]) => boolean,
  from = '2026-03-09 00:00',
  to = '2026-03-23 00:00',
) =>
  d.world.appointments
    .filter((a) => a.SiteId === siteId && a.Start >= from && a.Start <= to && f(a))
    .map((a) => a.AppointmentId)
    .sort();

describe('GET /api/v2/appointments', () => {
  it("lists the site's appointments whose Start falls in the range", async () => {
    const rows = await list();
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(inWorld(() => true));
  });

  it.each(['siteId', 'stateId', 'start', 'end', 'find', 'clientId'])(
    'all six names are required: without %s the answer is 405 (POST is served on the path)',
    async (name) => {
      const url = new URL(`http://x${q({})}`);
      url.searchParams.delete(name);
      const res = await call(d, `${url.pathname}${url.search}`);
      expect(res.status).toBe(405);
      // POST is reachable as sent only while siteId, its one required name, is there.
      expect(res.headers.get('allow')).toBe(name === 'siteId' ? '' : 'POST');
    },
  );

  it('a range wider than 90 days answers 400 {"Message":"Maximum date range is 90 days"}', async () => {
    const res = await call(d, q({ start: '2026-01-01 00:00', end: '2026-04-01 00:01' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Maximum date range is 90 days' });
  });

  it('a range of exactly 90 days is accepted', async () => {
    expect((await call(d, q({ start: '2026-01-01 00:00', end: '2026-04-01 00:00' }))).status).toBe(200);
  });

  it('an appointment is in range when its Start is at or after start and at or before end (end not widened)', async () => {
    const a = upcoming(d.world);
    expect(ids(await list({ start: a.Start, end: a.Start }))).toContain(a.AppointmentId);
    const minuteLater = new Date(Date.parse(`${a.Start.replace(' ', 'T')}:00Z`) + 60_000).toISOString().slice(0, 16);
    expect(ids(await list({ start: minuteLater, end: '2026-04-30' }))).not.toContain(a.AppointmentId);
    // The end date alone is midnight: appointments later that day are outside.
    expect(ids(await list({ start: '2026-03-01', end: a.Start.slice(0, 10) }))).not.toContain(a.AppointmentId);
  });

  it('rows are ordered by Start', async () => {
    const starts = (await list()).map((r) => r.Start);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort());
  });

  it("only the requested site's appointments are returned; an empty siteId matches none", async () => {
    expect((await list()).every((r) => r.SiteId === siteId)).toBe(true);
    expect(await list({ siteId: '' })).toEqual([]);
  });

  it('an empty stateId means every state; a stateId matches exactly', async () => {
    const all = await list();
    expect(new Set(all.map((r) => r.AppointmentStateId)).size).toBeGreaterThan(1);
    const state = d.world.appointmentStates.find((s) => s.Name === 'Completed')!;
    const rows = await list({ stateId: state.AppointmentStateId });
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(inWorld((a) => a.AppointmentStateId === state.AppointmentStateId));
  });

  it('an empty clientId means every client; a clientId matches exactly', async () => {
    const a = upcoming(d.world);
    const rows = await list({ clientId: a.ClientId });
    expect(ids(rows)).toEqual(inWorld((x) => x.ClientId === a.ClientId));
    expect(ids(rows)).toContain(a.AppointmentId);
  });

  it("find is a case-insensitive contains match on the client's name", async () => {
    const a = upcoming(d.world);
    const client = d.world.clients.find((c) => c.ClientId === a.ClientId)!;
    for (const text of [
      client.LastName.slice(1).toUpperCase(),
      `${client.FirstName} ${client.LastName}`.toLowerCase(),
    ]) {
      expect(ids(await list({ find: text }))).toContain(a.AppointmentId);
    }
  });

  it("find is a contains match on the services' names", async () => {
    const a = upcoming(d.world);
    const name = a.AppointmentServices[0]!.Description;
    const rows = await list({ find: name.slice(2, 8) });
    expect(ids(rows)).toContain(a.AppointmentId);
    expect(ids(await list({ find: 'zzqqxx' }))).toEqual([]);
  });

  it("a row carries the client's name, the state name, the span and the services", async () => {
    const a = upcoming(d.world);
    const row = (await list()).find((r) => r.AppointmentId === a.AppointmentId) as any;
    const client = d.world.clients.find((c) => c.ClientId === a.ClientId)!;
    expect(row).toMatchObject({
      AppointmentNumber: a.AppointmentNumber,
      ClientFirstName: client.FirstName,
      ClientLastName: client.LastName,
      AppointmentStateName: d.world.appointmentStates.find((s) => s.AppointmentStateId === a.AppointmentStateId)!.Name,
      Start: a.Start,
      End: a.AppointmentServices.at(-1)!.End,
    });
    expect(row.Services.map((s: { ServiceId: string }) => s.ServiceId)).toEqual(
      a.AppointmentServices.map((s) => s.ServiceId),
    );
  });

  it('a malformed start answers 400 model state naming start', async () => {
    const res = await call(d, q({ start: 'soon' }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['start']);
  });
});
