import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, demoApi } from '../helpers.js';

let sim: Simulator;
let token: string;
let siteId: string;

beforeEach(async () => {
  ({ sim, token } = await demoApi());
  siteId = (await call(sim, '/api/v2/sites', { token })).body[0].SiteId;
});

describe('rules shared by all endpoints', () => {
  it('packages without itemState answers 404', async () => {
    const res = await call(sim, `/api/v2/packages?siteId=${siteId}&find=`, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      Message:
        'No HTTP resource was found that matches the request URI ' +
        `'http://127.0.0.1/api/v2/packages?siteId=${siteId}&find='.`,
    });
  });

  it('packages with every name present, values empty, answers 200', async () => {
    const res = await call(sim, `/api/v2/packages?siteId=${siteId}&itemState=Active&find=`, { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('405 Allow lists only the methods the request as sent could reach, never the refused one', async () => {
    // GET /classes needs siteId and start; POST needs siteId; PUT needs classId.
    const res = await call(sim, `/api/v2/classes?siteId=${siteId}`, { token });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ Message: "The requested resource does not support http method 'GET'." });
    expect(res.headers.get('allow')).toBe('POST');
    const bare = await call(sim, '/api/v2/classes', { token });
    expect(bare.status).toBe(405);
    expect(bare.headers.get('allow')).toBe('');
  });

  it('a method the path does not serve answers 405 with Allow', async () => {
    const res = await call(sim, '/api/v2/token', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toEqual({ Message: "The requested resource does not support http method 'GET'." });
  });

  it('an unknown path answers 404', async () => {
    expect((await call(sim, '/api/v2/nowhere', { token })).status).toBe(404);
    expect((await call(sim, '/elsewhere', { token })).status).toBe(404);
  });

  it('a malformed Guid in a route answers 404', async () => {
    expect((await call(sim, '/api/v2/sites/not-a-guid', { token })).status).toBe(404);
    expect((await call(sim, `/api/v2/sites/${siteId}x`, { token })).status).toBe(404);
  });

  it('paths and query names match case-insensitively', async () => {
    const upper = await call(sim, `/API/V2/Services?SiteId=${siteId}&ITEMSTATE=active`, { token });
    const lower = await call(sim, `/api/v2/services?siteId=${siteId}&itemState=Active`, { token });
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    expect(lower.body.length).toBeGreaterThan(0);
  });

  it('a trailing slash before the query is accepted', async () => {
    const res = await call(sim, `/api/v2/services/?siteId=${siteId}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await call(sim, `/api/v2/services?siteId=${siteId}`, { token })).body);
  });

  it('unknown extra query names are ignored', async () => {
    const res = await call(sim, `/api/v2/services?siteId=${siteId}&colour=blue&page=2`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await call(sim, `/api/v2/services?siteId=${siteId}`, { token })).body);
  });

  it('a malformed Guid in the query answers 400 naming the field', async () => {
    const res = await call(sim, '/api/v2/services?siteId=nope', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { siteId: ["The value 'nope' is not valid for Guid."] },
    });
  });

  it('an unknown enumeration value answers 400 naming the field', async () => {
    const res = await call(sim, `/api/v2/services?siteId=${siteId}&itemState=Sometimes`, { token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['itemState']);
  });

  it('a malformed Boolean answers 400 naming the field', async () => {
    const res = await call(sim, `/api/v2/products?siteId=${siteId}&allowSale=maybe`, { token });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.allowSale).toEqual(["The value 'maybe' is not valid for Boolean."]);
  });

  it('enumerations accept the name or the number', async () => {
    const byName = await call(sim, `/api/v2/services?siteId=${siteId}&itemState=Inactive`, { token });
    const byNumber = await call(sim, `/api/v2/services?siteId=${siteId}&itemState=2`, { token });
    expect(byName.status).toBe(200);
    expect(byNumber.body).toEqual(byName.body);
  });

  it('itemState All answers 200 with an empty list', async () => {
    for (const all of ['All', '0']) {
      const res = await call(sim, `/api/v2/services?siteId=${siteId}&itemState=${all}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('a Guid in braces or without hyphens binds like the plain form', async () => {
    const plain = await call(sim, `/api/v2/services?siteId=${siteId}`, { token });
    const braced = await call(sim, `/api/v2/services?siteId={${siteId.toUpperCase()}}`, { token });
    const bare = await call(sim, `/api/v2/services?siteId=${siteId.replaceAll('-', '')}`, { token });
    expect(braced.body).toEqual(plain.body);
    expect(bare.body).toEqual(plain.body);
  });

  it('responses are JSON with PascalCase fields', async () => {
    const res = await call(sim, `/api/v2/services?siteId=${siteId}`, { token });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body[0])).toContain('ServiceId');
  });

  it('unknown JSON body fields are ignored', async () => {
    const res = await call(sim, '/api/v2/token', {
      method: 'POST',
      body: { clientId: 'demo-client', secret: 'demo-secret', scope: 'everything', extra: { deep: 1 } },
    });
    expect(res.status).toBe(200);
  });
});

describe('JSON body binding', () => {
  it('body field names match case-insensitively', async () => {
    const res = await call(sim, '/api/v2/token', {
      method: 'POST',
      body: { ClientId: 'demo-client', SECRET: 'demo-secret' },
    });
    expect(res.status).toBe(200);
  });
});
