import { describe, expect, it } from 'vitest';
import { adminResponseProblems, responseProblems } from './response-validator.js';

// The checker every test's answers go through must itself be able to fail.

const url = 'http://127.0.0.1/api/v2/sites';

describe('response validation against the document', () => {
  it('a documented answer passes', () => {
    expect(responseProblems('GET', url, 200, 'application/json; charset=utf-8', '[]')).toEqual([]);
  });

  it('a body of the wrong shape is reported', () => {
    const problems = responseProblems('GET', url, 200, 'application/json', '[{"SiteId": 3}]');
    expect(problems.length).toBeGreaterThan(0);
  });

  it('an undocumented status is reported', () => {
    expect(responseProblems('GET', url, 409, 'application/json', '{}')).toEqual([
      'GET /api/v2/sites → 409: status not documented for listSites',
    ]);
  });

  it('an undocumented content type is reported', () => {
    expect(responseProblems('GET', url, 403, 'application/json', '"Unauthorized"')[0]).toContain('content type');
  });

  it('a 403 reason outside the documented list is reported', () => {
    expect(responseProblems('GET', url, 403, 'text/plain; charset=utf-8', 'Forbidden').length).toBeGreaterThan(0);
  });

  it('paths with no operation may only answer 404 or 405', () => {
    expect(responseProblems('GET', 'http://x/api/v2/nowhere', 404, 'application/json', '{"Message":"x"}')).toEqual([]);
    expect(responseProblems('GET', 'http://x/api/v2/nowhere', 200, 'application/json', '{}').length).toBe(1);
  });

  it('the /accounts/<name> prefix is not part of the documented path', () => {
    expect(responseProblems('GET', 'http://x/accounts/acme/api/v2/sites', 200, 'application/json', '[]')).toEqual([]);
  });
});

describe('control-plane answers against openapi/admin.json', () => {
  const health = 'http://127.0.0.1/__admin/health';

  it('a documented answer passes', () => {
    expect(adminResponseProblems('GET', health, 200, 'application/json', '{"status":"ok"}')).toEqual([]);
  });

  it('a body of the wrong shape is reported', () => {
    expect(adminResponseProblems('GET', health, 200, 'application/json', '{"status":"up"}').length).toBeGreaterThan(0);
  });

  it('an undocumented status is reported', () => {
    expect(adminResponseProblems('GET', health, 401, 'application/json', '{"error":"x"}')).toEqual([
      'GET /__admin/health → 401: status not documented for getHealth',
    ]);
  });

  it('an empty answer with a body is reported', () => {
    const url = 'http://127.0.0.1/__admin/accounts/acme/requests';
    expect(adminResponseProblems('DELETE', url, 204, null, '')).toEqual([]);
    expect(adminResponseProblems('DELETE', url, 204, 'application/json', '{}')[0]).toContain('without a body');
  });

  it('paths with no operation may answer only the guard refusals and the 404, in the control-plane error form', () => {
    const nowhere = 'http://127.0.0.1/__admin/nowhere';
    expect(adminResponseProblems('GET', nowhere, 404, 'application/json', '{"error":"x"}')).toEqual([]);
    expect(adminResponseProblems('GET', nowhere, 404, 'application/json', '{"Message":"x"}').length).toBeGreaterThan(0);
    expect(adminResponseProblems('GET', nowhere, 200, 'application/json', '{}').length).toBe(1);
  });
});
