import { all, field, jsonObject, plainText, status, tokenError } from '../checks.js';
import { parseApiDateTime } from '../dates.js';
import { operation } from '../operations.js';
import type { Probe } from '../probe.js';
import { pathOf, probe, requiredQuery, V1, V2, type Version } from './probe-kit.js';

// Connectivity and the four credential endpoints (snake_case answers, `{ error }` failures, no bearer).

const isDateTime = (v: unknown): boolean => typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(v);

const CREDENTIAL_ENDPOINTS = ['refreshToken', 'rotateSecret', 'rotateClientId', 'issueToken'];

function credentialFailures(id: string): Probe[] {
  const o = operation(id);
  return [
    probe({
      name: `${id} with no body: 400 invalid_request`,
      rule: 'The credential endpoints answer 400 `{ error: invalid_request }` when there is no body',
      op: o,
      build: () => ({ path: o.path, auth: 'none' }),
      check: tokenError(400, 'invalid_request'),
    }),
    probe({
      name: `${id} with unreadable JSON: 400 invalid_request`,
      rule: 'The credential endpoints answer 400 `{ error: invalid_request }` when the JSON cannot be read',
      op: o,
      build: () => ({ path: o.path, auth: 'none', raw: { text: '{"clientId":', contentType: 'application/json' } }),
      check: tokenError(400, 'invalid_request'),
    }),
    probe({
      name: `${id} with a wrong secret: 401 invalid_client`,
      rule: 'A wrong client id or secret is 401 `{ error: invalid_client }`, whatever was wrong',
      op: o,
      build: () => ({ path: o.path, auth: 'wrong-secret' }),
      check: tokenError(401, 'invalid_client'),
    }),
  ];
}

function badCredentialProbes(version: Version): Probe[] {
  const ids = ['listSites', 'listClients', 'listServices', 'listVouchers'];
  return ids.map((id) => {
    const o = version.op(id);
    return probe({
      name: version.name(`${id} with ${version.n === 2 ? 'a token' : 'an API key'} no account issued: 403`),
      rule:
        version.n === 2
          ? 'An unknown, revoked or expired token is 403 `Unauthorized - Invalid or expired token.` in plain text'
          : 'Version 1 refuses an API key the account did not issue with 403',
      op: o,
      build: (d) => ({
        path: pathOf(o),
        query: requiredQuery(o, d),
        auth: version.n === 2 ? 'bad-token' : 'bad-apikey',
      }),
      check: version.n === 2 ? plainText(403, 'Unauthorized - Invalid or expired token.') : status(403),
    });
  });
}

export function credentialProbes(): Probe[] {
  const issue = operation('issueToken');
  return [
    probe({
      name: 'ping answers status ok, the tenant and the UTC time',
      rule: 'GET /api/v2/ping: 200 `{ status: ok, tenant: <account name>, utc: DateTime }`',
      op: operation('ping'),
      build: () => ({ path: '/api/v2/ping', auth: 'token' }),
      check: all(
        jsonObject(200, 'status', 'tenant', 'utc'),
        field('status', (v) => v === 'ok', "'ok'"),
        field('utc', isDateTime, 'a DateTime (yyyy-MM-dd HH:mm)'),
      ),
    }),
    probe({
      name: 'v1 ping answers with the API key',
      rule: 'Version 1 still works, authenticated by the ServiceApiKey header',
      op: V1.op('ping'),
      build: () => ({ path: '/api/ping', auth: 'apikey' }),
      check: jsonObject(200, 'status'),
    }),
    probe({
      name: 'issueToken answers a Bearer token for 6 months',
      rule:
        'POST /api/v2/token with a valid credential: 200 `{ access_token, token_type: Bearer, ' +
        'expires_in: 15768000, expires_utc: DateTime }`; existing tokens stay valid',
      op: issue,
      build: () => ({ path: issue.path, auth: 'credential' }),
      check: all(
        jsonObject(200, 'access_token', 'token_type', 'expires_in', 'expires_utc'),
        field('token_type', (v) => v === 'Bearer', "'Bearer'"),
        field('expires_in', (v) => v === 15_768_000, '15768000 (6 months)'),
        field('expires_utc', (v) => typeof v === 'string' && parseApiDateTime(v) !== undefined, 'a DateTime'),
      ),
    }),
    ...CREDENTIAL_ENDPOINTS.flatMap(credentialFailures),
    ...badCredentialProbes(V2),
    ...badCredentialProbes(V1),
  ];
}
