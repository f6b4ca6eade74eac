import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_SECRET } from '../../src/auth/credentials.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { activeSite, FIXED_NOW } from '../helpers.js';

// Fault rules on a real socket, seen by Node's fetch and by a raw TCP reader.

let server: RunningServer;
let token: string;
let serverErrors: MockInstance;
beforeAll(async () => {
  serverErrors = vi.spyOn(console, 'error');
  server = await startServer({ port: 0, size: 'small', rateLimit: false, realNow: () => FIXED_NOW });
  const res = await fetch(`${server.url}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  serverErrors.mockRestore();
  await server?.close();
});

const demo = () => server.simulator.registry.get('demo')!;
const clientCount = () => demo().world.clients.length;
const siteId = () => activeSite(demo().world);
const auth = () => ({ authorization: `Bearer ${token}` });

async function faults(body: unknown): Promise<void> {
  await fetch(`${server.url}/__admin/accounts/demo/faults`, { method: 'DELETE' });
  const res = await fetch(`${server.url}/__admin/accounts/demo/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

const postClient = () =>
  fetch(`${server.url}/api/v2/clients?siteId=${siteId()}`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify({
      FirstName: 'Jane',
      LastName: 'Smith',
      Email: 'jane@example.com',
      MobilePhone: '07700 900123',
      Gender: 1,
    }),
  });

/** Everything the server sends on one connection until it closes it. */
function rawGet(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

describe('faults on a socket', () => {
  it('drop before: the fetch rejects and nothing is written', async () => {
    await faults({ method: 'POST', path: '/api/v2/clients', drop: 'before' });
    const before = clientCount();
    await expect(postClient()).rejects.toThrow(TypeError);
    expect(clientCount()).toBe(before);
  });

  it('drop after: the fetch rejects, and the write is there', async () => {
    await faults({ method: 'POST', path: '/api/v2/clients', drop: 'after' });
    const before = clientCount();
    await expect(postClient()).rejects.toThrow(TypeError);
    expect(clientCount()).toBe(before + 1);
  });

  it('a dropped connection sends no byte at all', async () => {
    await faults({ path: '/api/v2/ping', drop: 'before' });
    expect(await rawGet('/api/v2/ping')).toBe('');
  });

  it('truncate: the real status line and Content-Length, the first N bytes, then the connection closes', async () => {
    await fetch(`${server.url}/__admin/accounts/demo/faults`, { method: 'DELETE' });
    const whole = await (await fetch(`${server.url}/api/v2/sites`, { headers: auth() })).text();
    await faults({ path: '/api/v2/sites', truncateBytes: 12 });
    const raw = await rawGet('/api/v2/sites');
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head.toLowerCase()).toContain(`content-length: ${Buffer.byteLength(whole)}`);
    expect(body).toBe(whole.slice(0, 12));
  });

  it('truncate: Node fetch gets the status, then reading the body fails or comes up short', async () => {
    await fetch(`${server.url}/__admin/accounts/demo/faults`, { method: 'DELETE' });
    const whole = await (await fetch(`${server.url}/api/v2/sites`, { headers: auth() })).text();
    await faults({ path: '/api/v2/sites', truncateBytes: 12 });
    const res = await fetch(`${server.url}/api/v2/sites`, { headers: auth() });
    expect(res.status).toBe(200);
    const text = await res.text().catch((e: unknown) => e);
    if (typeof text === 'string') expect(text.length).toBeLessThan(whole.length);
    else expect(text).toBeInstanceOf(TypeError);
  });

  it('after a cut connection the server answers the next call normally', async () => {
    await faults({ path: '/api/v2/ping', drop: 'before', times: 1 });
    await expect(fetch(`${server.url}/api/v2/ping`, { headers: auth() })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/api/v2/ping`, { headers: auth() })).status).toBe(200);
  });

  it('a status override goes out as a normal answer', async () => {
    await faults({ path: '/api/v2/ping', status: 503, body: 'down', headers: { 'Retry-After': '5' } });
    const res = await fetch(`${server.url}/api/v2/ping`, { headers: auth() });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.text()).toBe('down');
  });

  it('cut connections leave no server error behind', () => {
    expect(serverErrors).not.toHaveBeenCalled();
  });
});
