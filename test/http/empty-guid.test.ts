import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { endpoints } from '../../src/endpoints.js';
import type { Endpoint, ExampleRequest } from '../../src/http/endpoint.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// ASP.NET binds an empty value and the empty Guid of a non-nullable Guid parameter to the same
// Guid.Empty, so wherever the spec gives an empty value a meaning ("empty = every state",
// "empty = anonymous"…), the empty Guid has exactly that meaning.

const SEED = 7;

/** The path and query string of an example request, with one query name set to `value`. */
function urlOf(endpoint: Endpoint, request: ExampleRequest, name: string, value: string): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, n: string) => request.route?.[n] ?? '');
  const search = new URLSearchParams({ ...request.query, [name]: value }).toString();
  return `${path}?${search}`;
}

/** Sends the endpoint's example to a fresh account named `name` of `sim`, with `param=value`. */
async function sendExample(sim: Simulator, name: string, endpoint: Endpoint, param: string, value: string) {
  const account = await sim.registry.create({ name, seed: SEED, now: FIXED_NOW });
  const request = endpoint.example!(account.world, account.clock.now());
  const prefix = `/accounts/${name}`;
  const credential = endpoint.auth === 'apiKey' ? { apiKey: DEMO_API_KEY } : { token: await tokenFor(sim, prefix) };
  const res = await call(sim, `${prefix}${urlOf(endpoint, request, param, value)}`, {
    ...credential,
    method: endpoint.method,
    body: request.body,
  });
  await sim.registry.delete(name);
  return { status: res.status, type: res.headers.get('content-type'), text: res.text };
}

describe('the empty Guid binds as the empty value does', () => {
  it('every required Guid query parameter of every endpoint (both versions) answers `name=` and `name=<empty Guid>` alike', async () => {
    // Two simulators, one account name: the id stream is seeded by seed and account name, so both
    // sides of a pair start from the same world, clock and ids.
    const [empty, emptyGuid] = [await simulator(), await simulator()];
    const pairs: string[] = [];
    const params: string[] = [];
    let n = 0;
    const unsent: string[] = [];
    for (const endpoint of endpoints) {
      for (const [param, p] of Object.entries(endpoint.query ?? {})) {
        if (p.kind !== 'guid' || !p.required) continue;
        if (!endpoint.example) {
          unsent.push(`${endpoint.method} ${endpoint.path}`);
          continue;
        }
        const name = `pair-${++n}`;
        const got = await sendExample(empty, name, endpoint, param, '');
        const want = await sendExample(emptyGuid, name, endpoint, param, EMPTY);
        const label = `${endpoint.method} ${endpoint.path} ${param}`;
        expect([label, got]).toEqual([label, want]);
        pairs.push(label);
        if (!params.includes(param)) params.push(param);
      }
    }
    expect(unsent).toEqual([]);
    expect(pairs.length).toBeGreaterThanOrEqual(90);
    expect(pairs.filter((p) => p.includes(' /api/v2/')).length).toBeGreaterThanOrEqual(45);
    expect(params.sort()).toEqual(
      expect.arrayContaining(['appointmentId', 'classBookingId', 'clientId', 'packageId', 'siteId', 'stateId']),
    );
  });
});

describe('optional Guid parameters', () => {
  let a: DemoApi;
  beforeAll(async () => {
    a = await demoApi();
  });

  it('classschedules employeeId: the empty Guid means every employee, as an empty value or none does', async () => {
    const site = activeSite(a.world);
    const range = 'start=2025-01-01&end=2027-12-31&bookOnline=false';
    const base = `/api/v2/classes/classschedules?siteId=${site}&classType=Class&${range}`;
    const none = await call(a, base);
    expect(none.status).toBe(200);
    expect(none.body.length).toBeGreaterThan(0);
    expect((await call(a, `${base}&employeeId=`)).body).toEqual(none.body);
    expect((await call(a, `${base}&employeeId=${EMPTY}`)).body).toEqual(none.body);
    // As a value, an id filters: its teacher's sessions, and none for someone who teaches none.
    const teacher = none.body[0].EmployeeId;
    const taught = (await call(a, `${base}&employeeId=${teacher}`)).body;
    expect(taught.length).toBeGreaterThan(0);
    expect(taught.every((s: { EmployeeId: string }) => s.EmployeeId === teacher)).toBe(true);
    const idle = a.world.employees.find(
      (e) => !none.body.some((s: { EmployeeId: string }) => s.EmployeeId === e.EmployeeId),
    )!;
    expect((await call(a, `${base}&employeeId=${idle.EmployeeId}`)).body).toEqual([]);
  });

  it('reports/sales siteId: the empty Guid covers every Active site, as an empty value or none does', async () => {
    const base = '/api/v2/reports/sales?start=2025-03-16&end=2026-03-15 23:59';
    const none = await call(a, base);
    expect(none.status).toBe(200);
    expect((await call(a, `${base}&siteId=`)).body).toEqual(none.body);
    expect((await call(a, `${base}&siteId=${EMPTY}`)).body).toEqual(none.body);
    const oneSite = await call(a, `${base}&siteId=${activeSite(a.world)}`);
    expect(oneSite.body).not.toEqual(none.body);
  });

  it('Guid arrays (services, employeeIds, packages): an empty Guid among the values is no value', async () => {
    let checked = 0;
    for (const endpoint of endpoints) {
      if (!endpoint.example) continue;
      for (const [param, p] of Object.entries(endpoint.query ?? {})) {
        if (p.kind !== 'guidArray') continue;
        const request = endpoint.example(a.world, a.account.clock.now());
        const path = endpoint.path.replace(/\{(\w+)\}/g, (_, n: string) => request.route?.[n] ?? '');
        const send = async (extra: string) => {
          const search = new URLSearchParams(request.query);
          if (extra !== '') search.append(param, extra);
          const res = await call(a, `${path}?${search}`, {
            method: endpoint.method,
            body: request.body,
            apiKey: endpoint.auth === 'apiKey' ? DEMO_API_KEY : undefined,
          });
          return [res.status, res.text];
        };
        const label = `${endpoint.method} ${endpoint.path} ${param}`;
        const plain = await send('');
        expect([label, await send(EMPTY)]).toEqual([label, plain]);
        if (plain[1] !== '[]') checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('version 1 record id in the query: an empty value reads the empty Guid, answered as `Id=<empty Guid>` is', async () => {
    const v1 = (path: string) => call(a.sim, path, { apiKey: DEMO_API_KEY });
    const withId = endpoints.filter((e) => e.idInQuery);
    expect(withId.length).toBeGreaterThan(5);
    let records = 0;
    for (const one of withId) {
      const collection = one.path.slice(0, one.path.lastIndexOf('/'));
      const param = one.path.slice(one.path.lastIndexOf('{') + 1, -1);
      const byEmptyGuid = await v1(`${collection}?${param}=${EMPTY}`);
      const byEmpty = await v1(`${collection}?${param}=`);
      const viaRoute = await v1(`${collection}/${EMPTY}`);
      expect([one.path, viaRoute.status, viaRoute.text]).toEqual([one.path, 200, 'null']);
      expect([one.path, byEmpty.status, byEmpty.text]).toEqual([one.path, byEmptyGuid.status, byEmptyGuid.text]);
      if (byEmptyGuid.text === 'null') records++;
    }
    // Every collection whose list needs names reads the record; sites (a list with no names) lists instead.
    expect(records).toBe(withId.length - 1);
    const client = a.world.clients[0]!.ClientId;
    expect((await v1(`/api/clients?id=${client}`)).body.ClientId).toBe(client);
  });
});
