import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { ClientCustomForm } from '../../src/world/forms.js';
import type { World } from '../../src/world/index.js';
import { call, demoApi, plusMinutes, restrictedToken } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;
/** The latest form captured at siteId: a real capture to aim ranges at. */
let latest: ClientCustomForm;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi());
  latest = world.clientCustomForms.reduce((a, b) => (b.CaptureDate > a.CaptureDate ? b : a));
  siteId = latest.SiteId;
});

type Row = {
  ClientCustomFormId: string;
  CustomFormId: string;
  FormName: string;
  ClientId: string;
  ClientFirstName: string;
  ClientLastName: string;
  SiteId: string;
  CaptureDate: string;
  Answers: { Question: string; Answer: string }[];
};
const url = (start: string, end: string, site = siteId) =>
  `/api/v2/clientcustomforms?siteId=${site}&start=${start}&end=${end}`;
const get = async (start: string, end: string, site = siteId): Promise<Row[]> => {
  const res = await call(sim, url(start, end, site), { token });
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: { ClientCustomFormId: string }[]) => rows.map((r) => r.ClientCustomFormId).sort();
/** What the rule says should come back: the site's forms captured from `from` up to and including `to`. */
const expected = (from: string, to: string, site = siteId) =>
  world.clientCustomForms.filter((f) => f.SiteId === site && f.CaptureDate >= from && f.CaptureDate <= to);

describe('GET /api/v2/clientcustomforms', () => {
  it("returns the site's forms captured in the range, the end widened by one day", async () => {
    const rows = await get('2026-03-01', '2026-03-10');
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(expected('2026-03-01 00:00', '2026-03-11 00:00')));
    expect(rows.every((r) => r.SiteId === siteId)).toBe(true);
  });

  it('same start and end returns that whole day', async () => {
    const day = latest.CaptureDate.slice(0, 10);
    const rows = await get(day, day);
    expect(ids(rows)).toContain(latest.ClientCustomFormId);
    expect(ids(rows)).toEqual(ids(expected(`${day} 00:00`, plusMinutes(`${day} 00:00`, 24 * 60))));
  });

  it('the end is widened by exactly one day from the time sent, and the widened bound is inclusive', async () => {
    const dayBefore = plusMinutes(latest.CaptureDate, -24 * 60);
    const start = plusMinutes(latest.CaptureDate, -2 * 24 * 60);
    expect(ids(await get(start, dayBefore))).toContain(latest.ClientCustomFormId);
    expect(ids(await get(start, plusMinutes(dayBefore, -1)))).not.toContain(latest.ClientCustomFormId);
  });

  it('a form captured before start is not returned; one captured at start is', async () => {
    expect(ids(await get(latest.CaptureDate, latest.CaptureDate))).toContain(latest.ClientCustomFormId);
    const after = plusMinutes(latest.CaptureDate, 1);
    expect(ids(await get(after, after))).not.toContain(latest.ClientCustomFormId);
  });

  it('there is no range cap: years of forms come back in one call', async () => {
    const rows = await get('2000-01-01', '2030-12-31');
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(world.clientCustomForms.filter((f) => f.SiteId === siteId)));
  });

  it('forms of other sites are not returned, and an empty siteId matches none', async () => {
    const other = world.clientCustomForms.find((f) => f.SiteId !== siteId)!;
    expect(ids(await get('2000-01-01', '2030-12-31'))).not.toContain(other.ClientCustomFormId);
    expect(await get('2000-01-01', '2030-12-31', '')).toEqual([]);
  });

  it('rows are ordered by capture date', async () => {
    const dates = (await get('2000-01-01', '2030-12-31')).map((r) => r.CaptureDate);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });

  it('each row carries its answers, the form name and the client name', async () => {
    const row = (await get(latest.CaptureDate, latest.CaptureDate)).find(
      (r) => r.ClientCustomFormId === latest.ClientCustomFormId,
    )!;
    const client = world.clients.find((c) => c.ClientId === latest.ClientId)!;
    const form = world.customForms.find((f) => f.CustomFormId === latest.CustomFormId)!;
    expect(row).toEqual({
      ClientCustomFormId: latest.ClientCustomFormId,
      CustomFormId: form.CustomFormId,
      FormName: form.Name,
      ClientId: client.ClientId,
      ClientFirstName: client.FirstName,
      ClientLastName: client.LastName,
      SiteId: siteId,
      CaptureDate: latest.CaptureDate,
      Answers: latest.Answers,
    });
    expect(row.Answers.map((a) => a.Question)).toEqual(form.Questions.map((q) => q.Question));
  });

  it.each(['siteId', 'start', 'end'])('a missing name answers 404 (%s)', async (name) => {
    const u = new URL(`http://x${url('2026-03-01', '2026-03-02')}`);
    u.searchParams.delete(name);
    expect((await call(sim, `${u.pathname}${u.search}`, { token })).status).toBe(404);
  });

  it('an empty start answers 400 naming it', async () => {
    const res = await call(sim, url('', '2026-03-02'), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'The request is invalid.', ModelState: { start: ['A value is required.'] } });
  });

  it('the allow-list line api/v2/clientcustomforms admits the list', async () => {
    const restricted = await restrictedToken(sim, 'api/v2/clientcustomforms');
    expect((await call(sim, url('2026-03-01', '2026-03-02'), { token: restricted })).status).toBe(200);
    expect((await call(sim, `/api/v2/employees?siteId=${siteId}`, { token: restricted })).status).toBe(403);
  });
});
