import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { newClient } from './support.js';

// The product ships built-in Allergy and Medical alerts per account (vendor support article
// "Alerts"); a public booking site on the real service (github nestortkach/sportweb,
// utilities/createRequestbodies.js createRegisterBody) sends the ones a client ticks on sign-up as
// `Alerts: [{AlertId, Name, Category, SiteId: null, Selected: false}]`. They are kept as sent, one
// per AlertId, and answered on the full client.

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});

const alert = (Name: string, Category: string, AlertId: string = randomUUID()) => ({
  AlertId,
  Name,
  Category,
  SiteId: null,
  Selected: false,
});

const VERSIONS = [
  { name: 'version 2', base: '/api/v2', auth: () => ({}) },
  { name: 'version 1', base: '/api', auth: () => ({ token: undefined, apiKey: DEMO_API_KEY }) },
];

describe.each(VERSIONS)('Alerts on clients ($name)', (v) => {
  const post = (body: unknown) =>
    call(c, `${v.base}/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body, ...v.auth() });
  const put = (id: string, body: unknown) =>
    call(c, `${v.base}/clients?clientId=${id}`, { method: 'PUT', body, ...v.auth() });
  const read = async (id: string) => (await call(c, `${v.base}/clients/${id}`, v.auth())).body;

  it('the Alerts rows sent on create are kept and answered on the full client, SiteId null as the empty Guid', async () => {
    const rows = [alert('Peanuts', 'Allergies'), alert('Asthma', 'Medical')];
    const res = await post(newClient({ Alerts: rows }));
    expect(res.status, res.text).toBe(200);
    expect((await read(res.body.Value)).Alerts).toEqual(rows.map((r) => ({ ...r, SiteId: EMPTY })));
  });

  it('the last row sent for an AlertId wins', async () => {
    const id = randomUUID();
    const res = await post(newClient({ Alerts: [alert('Peanuts', 'Allergies', id), { AlertId: id, Selected: true }] }));
    expect((await read(res.body.Value)).Alerts).toEqual([
      { AlertId: id, Name: '', Category: '', SiteId: EMPTY, Selected: true },
    ]);
  });

  it('a PUT with Alerts replaces them; a PUT without Alerts (or with null) keeps them', async () => {
    const id = (await post(newClient({ Alerts: [alert('Peanuts', 'Allergies')] }))).body.Value as string;
    const diabetes = alert('Diabetes', 'Medical');
    expect((await put(id, { Alerts: [diabetes] })).status).toBe(200);
    expect((await put(id, { MobilePhone: '07700 900777' })).status).toBe(200);
    expect((await put(id, { Alerts: null })).status).toBe(200);
    expect((await read(id)).Alerts).toEqual([{ ...diabetes, SiteId: EMPTY }]);
    expect((await put(id, { Alerts: [] })).status).toBe(200);
    expect((await read(id)).Alerts).toEqual([]);
  });

  it('a client created without Alerts, and every seeded client, answers Alerts []', async () => {
    const id = (await post(newClient())).body.Value as string;
    expect((await read(id)).Alerts).toEqual([]);
    expect((await read(c.world.clients[0]!.ClientId)).Alerts).toEqual([]);
  });

  it('list rows carry no Alerts', async () => {
    await post(newClient({ Email: 'alerts.row@example.com', Alerts: [alert('Iodine', 'Allergies')] }));
    const rows = (await call(c, `${v.base}/clients?siteId=${activeSite(c.world)}&find=alerts.row`, v.auth())).body;
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('Alerts');
  });
});

describe('Alerts bounds: each a 400 naming the field, nothing written', () => {
  const long = 'x'.repeat(101);
  const cases: [string, unknown, string, string][] = [
    [
      'more than 100 rows',
      Array.from({ length: 101 }, () => alert('a', 'b')),
      'Alerts',
      "The field Alerts must be a string or array type with a maximum length of '100'.",
    ],
    [
      'a Name over 100 characters',
      [alert(long, 'Medical')],
      'Alerts[0].Name',
      'The field must be a string with a maximum length of 100.',
    ],
    [
      'a Category over 100 characters',
      [alert('Asthma', long)],
      'Alerts[0].Category',
      'The field must be a string with a maximum length of 100.',
    ],
    ['a malformed AlertId', [{ AlertId: 'nope' }], 'Alerts[0].AlertId', "The value 'nope' is not valid for AlertId."],
    ['a row without an AlertId', [{ Name: 'Asthma' }], 'Alerts[0].AlertId', 'The AlertId field is required.'],
  ];

  it.each(cases)('%s', async (_, Alerts, field, message) => {
    const before = c.world.clients.length;
    const res = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, {
      method: 'POST',
      body: newClient({ Alerts }),
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ [field]: [message] });
    expect(c.world.clients).toHaveLength(before);
  });

  it('exactly 100 rows are taken', async () => {
    const Alerts = Array.from({ length: 100 }, () => alert('a'.repeat(100), 'b'.repeat(100)));
    const res = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, {
      method: 'POST',
      body: newClient({ Alerts }),
    });
    expect(res.status, res.text).toBe(200);
    expect((await call(c, `/api/v2/clients/${res.body.Value}`)).body.Alerts).toHaveLength(100);
  });
});
