import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { EMPTY } from '../helpers.js';

// A session that makes every kind of secret, on a real socket with a data directory; then no
// secret value may appear in the journal, the server's output, any file of the data directory
// or any error body received. Hashes and sealed values are fine.

const fresh = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;
const ADMIN_TOKEN = fresh('admin');

let dir: string;
let server: CliProcess | undefined;
const secrets = new Map<string, string>();
const errorBodies: string[] = [];

function secret(label: string, value: string): string {
  expect(value, label).toBeTruthy();
  secrets.set(label, value);
  return value;
}

interface Sent {
  status: number;
  text: string;
  body: any;
}

async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; raw?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.raw;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  if (res.status >= 400) errorBodies.push(`${res.status} ${init.method ?? 'GET'} ${new URL(url).pathname}: ${text}`);
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, body: parsed };
}

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(path.join(tmpdir(), 'bas-secrets-'));
  server = await startCli(['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small'], {
    BUSINESS_API_SIM_ADMIN_TOKEN: ADMIN_TOKEN,
  });
  secrets.set('control-plane token', ADMIN_TOKEN);
});
afterAll(async () => {
  await stopCli(server);
  await rm(dir, { recursive: true, force: true });
});

describe('secrets at rest and in output', () => {
  it('no token, secret, API key, password or webhook secret appears in the journal, logs, data files or error bodies', async () => {
    const base = server!.base;
    const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const admin = (p: string, method = 'GET', body?: unknown) =>
      send(`${base}/__admin${p}`, { method, headers: adminHeaders, body });
    const api = `${base}/accounts/sec/api/v2`;

    expect((await admin('/accounts', 'POST', { name: 'sec' })).status).toBe(201);
    const created = await admin('/accounts/sec/credentials', 'POST', {});
    expect(created.status).toBe(201);
    let clientId: string = created.body.clientId;
    const secret1 = secret('control-plane credential secret', created.body.secret);

    // Credential endpoints: issue, refresh, rotate the secret, rotate the client id.
    const issued = await send(`${api}/token`, { method: 'POST', body: { clientId, secret: secret1 } });
    const token1 = secret('issued token', issued.body.access_token);
    const refreshed = await send(`${api}/token/refresh`, { method: 'POST', body: { clientId, secret: secret1 } });
    expect(refreshed.status).toBe(200);
    secret('refreshed token', refreshed.body.access_token);
    const rotated = await send(`${api}/token/rotate-secret`, { method: 'POST', body: { clientId, secret: secret1 } });
    const secret2 = secret('rotated secret', rotated.body.client_secret);
    const newId = await send(`${api}/token/rotate-clientid`, { method: 'POST', body: { clientId, secret: secret2 } });
    expect(newId.status).toBe(200);
    clientId = newId.body.client_id;
    const issuedAgain = await send(`${api}/token`, { method: 'POST', body: { clientId, secret: secret2 } });
    const bearer = { authorization: `Bearer ${secret('token after rotation', issuedAgain.body.access_token)}` };

    // A version 1 API key from the control plane, used once.
    const key = await admin('/accounts/sec/apikeys', 'POST', {});
    const apiKey = secret('version 1 API key', key.body.apiKey);
    expect((await send(`${base}/accounts/sec/api/sites`, { headers: { ServiceApiKey: apiKey } })).status).toBe(200);
    // The same key in the header the vendor documents for version 1.
    expect((await send(`${base}/accounts/sec/api/sites`, { headers: { ChiDeskApiKey: apiKey } })).status).toBe(200);

    // Client passwords: set on create, changed on update, AccountPassword sent on update, checked in the query string.
    const password1 = secret('AccountPassword on create', fresh('Pw1'));
    const email = 'secret.keeper@example.com';
    const client = {
      ClientId: EMPTY,
      FirstName: 'Secret',
      LastName: 'Keeper',
      Email: email,
      MobilePhone: '07700 900123',
      Gender: 1,
    };
    const made = await send(`${api}/clients?siteId=${EMPTY}`, {
      method: 'POST',
      headers: bearer,
      body: { ...client, AccountPassword: password1 },
    });
    expect(made.status).toBe(200);
    const id = made.body.Value as string;
    const password2 = secret('NewAccountPassword on update', fresh('Pw2'));
    const sentOnUpdate = secret('AccountPassword on update', fresh('Pw3'));
    const updated = await send(`${api}/clients?clientId=${id}`, {
      method: 'PUT',
      headers: bearer,
      body: { ...client, ClientId: id, NewAccountPassword: password2, AccountPassword: sentOnUpdate },
    });
    expect(updated.status).toBe(200);
    const auth = (password: string) =>
      `${api}/clients/authenticate?${new URLSearchParams({ clientId: id, email, password })}`;
    expect((await send(auth(password2), { headers: bearer })).status).toBe(200);

    // Webhooks: a given secret and a generated one.
    const given = secret('webhook secret given', fresh('hook'));
    const hook1 = await send(`${api}/webhooks`, {
      method: 'POST',
      headers: bearer,
      body: { event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1:9/hooks/a', secret: given },
    });
    expect(hook1.status).toBe(200);
    const hook2 = await send(`${api}/webhooks`, {
      method: 'POST',
      headers: bearer,
      body: { event: 'NewRecurringSupplierInvoice', url: 'http://127.0.0.1:9/hooks/b' },
    });
    secret('webhook secret generated', hook2.body.secret);

    // Failing calls that carry secrets.
    const wrong = (label: string) => secret(label, fresh(label.replace(/\W+/g, '-')));
    expect(
      (await send(`${api}/token`, { method: 'POST', body: { clientId, secret: wrong('wrong secret') } })).status,
    ).toBe(401);
    expect(
      (await send(`${api}/token/rotate-secret`, { method: 'POST', body: { clientId, secret: secret1 } })).status,
    ).toBe(401);
    const unreadable = `{"clientId":"${clientId}","secret":"${wrong('secret in unreadable JSON')}"`;
    expect((await send(`${api}/token`, { method: 'POST', raw: unreadable })).status).toBe(400);
    expect((await send(`${api}/ping`, { headers: { authorization: `Bearer ${wrong('unknown token')}` } })).status).toBe(
      403,
    );
    expect((await send(`${api}/ping`, { headers: { authorization: `Bearer ${token1}` } })).status).toBe(403);
    expect(
      (await send(`${base}/accounts/sec/api/sites`, { headers: { ServiceApiKey: wrong('unknown API key') } })).status,
    ).toBe(403);
    expect(
      (await send(`${base}/accounts/sec/api/sites`, { headers: { ChiDeskApiKey: wrong('unknown ChiDeskApiKey') } }))
        .status,
    ).toBe(403);
    expect((await send(auth(wrong('wrong client password')), { headers: bearer })).status).toBe(401);
    expect((await send(auth(password1), { headers: bearer })).status).toBe(401);
    // No action matches (email missing): the 404 echoes the URI, but not the password in it.
    const noEmail = `${api}/clients/authenticate?clientId=${id}&password=${wrong('password on a 404')}`;
    expect((await send(noEmail, { headers: bearer })).status).toBe(404);
    expect((await send(`${api}/ping?access_token=${wrong('token in a query')}`, { headers: bearer })).status).toBe(200);
    const badAdmin = { authorization: `Bearer ${wrong('wrong control-plane token')}` };
    expect((await send(`${base}/__admin/accounts`, { headers: badAdmin })).status).toBe(401);

    const journal = (await admin('/accounts/sec/requests')).text;
    expect(JSON.parse(journal).length).toBeGreaterThan(20);
    await stopCli(server);
    const places: Record<string, string> = {
      journal,
      'server output': server!.output(),
      'error bodies': errorBodies.join('\n'),
    };
    expect(errorBodies.length).toBeGreaterThan(8);
    for (const file of await readdir(dir)) places[`data file ${file}`] = await readFile(path.join(dir, file), 'utf8');
    expect(Object.keys(places)).toContain('data file sec.json');

    for (const [label, value] of secrets) {
      for (const [where, text] of Object.entries(places)) {
        expect(text.includes(value), `${label} found in ${where}`).toBe(false);
        expect(text.includes(encodeURIComponent(value)), `${label} (URL-encoded) found in ${where}`).toBe(false);
      }
    }
  }, 30_000);
});
