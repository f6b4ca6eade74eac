import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { World } from '../../src/world/index.js';
import { activeSite, call, demoApi, restrictedToken } from '../helpers.js';

// The status matrix of the availability endpoints: required names (404/405), malformed values
// (400), allow-list lines, and the answers with every name present. SITE in a path stands for an
// active site of the account (the table is built before the account exists).

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi());
  siteId = activeSite(world);
});

const times = (omit?: string) =>
  `/api/v2/appointments/availabletimes?${[
    'siteId=SITE',
    'day=2026-03-17',
    'packageId=',
    'clientId=',
    'serviceSequence=1',
  ]
    .filter((p) => !omit || !p.startsWith(`${omit}=`))
    .join('&')}`;

const at = (path: string) => path.replace('SITE', siteId);

describe('availability: status matrix', () => {
  it.each([
    ['GET', times(), 200],
    ['POST', times(), 200],
    ['GET', times('serviceSequence'), 405],
    ['POST', times('serviceSequence'), 405],
    ['GET', times('siteId'), 405],
    ['GET', times('day'), 405],
    ['GET', times('packageId'), 405],
    ['GET', times('clientId'), 405],
    ['PUT', times(), 405],
    ['GET', '/api/v2/appointments/availabledates?siteId=', 200],
    ['GET', '/api/v2/appointments/availabledates', 404],
    ['POST', '/api/v2/appointments/availabledates?siteId=', 405],
    ['POST', '/api/v2/appointments/validate', 404],
    ['GET', '/api/v2/appointments/validate?siteId=', 405],
  ] as const)('%s %s answers %i', async (method, path, status) => {
    const res = await call(sim, path.replace('SITE', siteId), { method, token });
    expect(res.status).toBe(status);
  });

  it('availabletimes without serviceSequence answers 405 with an empty Allow (POST needs it too)', async () => {
    const res = await call(sim, at(times('serviceSequence')), { token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('');
  });

  it('arrays take no part in the required-by-name rule: no services and no employeeIds answers an empty list', async () => {
    expect((await call(sim, at(times()), { token })).body).toEqual([]);
  });

  it('an empty day is a 400 naming day', async () => {
    const res = await call(sim, at(times()).replace('day=2026-03-17', 'day='), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'The request is invalid.', ModelState: { day: ['A value is required.'] } });
  });

  it('a malformed Guid in services is a 400 naming services', async () => {
    const res = await call(sim, `${at(times())}&services=nope`, { token });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ services: ["The value 'nope' is not valid for Guid."] });
  });

  it('a cart that is not an array is a 400 naming the body', async () => {
    const res = await call(sim, at(times()), { token, method: 'POST', body: { Start: '2026-03-17 10:00' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['body']);
  });

  it('without a bearer token every availability endpoint answers the plain-text 403', async () => {
    for (const [method, path] of [
      ['GET', at(times())],
      ['GET', '/api/v2/appointments/availabledates?siteId='],
      ['POST', '/api/v2/appointments/validate?siteId='],
    ]) {
      const res = await call(sim, path!, { method });
      expect(res.status).toBe(403);
      expect(res.text).toBe('Unauthorized - No bearer token sent in request header.');
    }
  });

  it('each endpoint is admitted by its own allow-list line, not by api/v2/appointments', async () => {
    const admitted = async (lines: string[], method: string, path: string) => {
      const token = await restrictedToken(sim, ...lines);
      return (await call(sim, path, { method, token, body: method === 'POST' ? [] : undefined })).status !== 403;
    };
    expect(await admitted(['api/v2/appointments/availabletimes'], 'GET', at(times()))).toBe(true);
    expect(await admitted(['api/v2/appointments/availabletimes'], 'POST', at(times()))).toBe(true);
    expect(
      await admitted(['api/v2/appointments/availabledates'], 'GET', '/api/v2/appointments/availabledates?siteId='),
    ).toBe(true);
    expect(
      await admitted(['api/v2/appointments/validate'], 'POST', `/api/v2/appointments/validate?siteId=${siteId}`),
    ).toBe(true);
    expect(await admitted(['api/v2/appointments'], 'GET', at(times()))).toBe(false);
    expect(await admitted(['api/v2/appointments'], 'POST', `/api/v2/appointments/validate?siteId=${siteId}`)).toBe(
      false,
    );
  });
});
