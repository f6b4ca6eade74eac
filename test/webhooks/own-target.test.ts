import { connect, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../src/accounts/account.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { settled } from '../../src/webhooks/deliveries.js';
import { call, tokenFor } from '../helpers.js';
import { type Receiver, receiver } from './support.js';

// A caller of one account's API registers webhooks; their deliveries must never act on the
// simulator itself (its control plane, console or API), whatever name, address or path they use:
// the attack is a webhook on account A whose URL is `/__admin/accounts/b/reset`.

let server: RunningServer | undefined;
let proxy: TcpServer | undefined;
let r: Receiver | undefined;
afterEach(async () => {
  for (const account of server?.simulator.registry.list() ?? []) await settled(account);
  await server?.close();
  server = undefined;
  proxy?.close();
  proxy = undefined;
  await r?.close();
  r = undefined;
});

interface Logged {
  url: string;
  status: string;
  lastStatus: number | null;
  lastError: string | null;
}

/** A simulator on a socket, with account b holding a webhook (so a reset of b would show). */
async function start() {
  server = await startServer({ port: 0, size: 'small', rateLimit: false, deliveries: { retryBaseMs: 5 } });
  const sim = server.simulator;
  const tokenA = await tokenFor(sim, '/accounts/a');
  const tokenB = await tokenFor(sim, '/accounts/b');
  const kept = await call(sim, '/accounts/b/api/v2/webhooks', {
    method: 'POST',
    token: tokenB,
    body: { event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1:9/kept', secret: 'k3y' },
  });
  expect(kept.status).toBe(200);
  const rebuild = vi.spyOn(sim.registry, 'rebuild');
  const a = sim.registry.get('a')!;
  return { sim, tokenA, tokenB, a, rebuild, port: server.port };
}

const subscribe = (url: string) => ({ event: 'NewRecurringSupplierInvoice', url, secret: 'k3y' });

/** A webhook stored as one registered before the simulator listened on this port (a restart on another port). */
async function plant(account: Account, url: string): Promise<void> {
  await account.write(() => {
    const id = account.random.guid();
    const webhook = {
      webhook_id: id,
      event: 'NewRecurringSupplierInvoice',
      url: new URL(url).href,
      created_utc: '2026-01-01 00:00',
      secret_sealed: account.secrets.seal('k3y', id),
    };
    account.store.data.tables.webhooks = [...(account.store.data.tables.webhooks ?? []), webhook];
  });
}

/** Moves a's clock past its monthly bills, waits for every delivery, and answers a's delivery log. */
async function deliverFromA(sim: RunningServer['simulator'], a: Account): Promise<Logged[]> {
  const moved = await call(sim, '/__admin/accounts/a/clock', { method: 'POST', body: { advanceSeconds: 35 * 86_400 } });
  expect(moved.status).toBe(200);
  await settled(a);
  return (await call(sim, '/__admin/accounts/a/webhooks/deliveries')).body as Logged[];
}

async function expectBUntouched(sim: RunningServer['simulator'], tokenB: string, rebuild: { mock: unknown }) {
  const listed = await call(sim, '/accounts/b/api/v2/webhooks', { token: tokenB });
  expect(listed.status).toBe(200);
  expect(listed.body).toHaveLength(1);
  expect(rebuild).not.toHaveBeenCalled();
}

describe('webhooks never reach the simulator itself', () => {
  it('a delivery to this simulator’s own port is refused, by every spelling of a local address, with lastError saying why', async () => {
    const { sim, tokenB, a, rebuild, port } = await start();
    const path = '/__admin/accounts/b/reset';
    const literals = [
      `http://127.0.0.1:${port}${path}`,
      `http://127.1:${port}${path}`,
      `http://2130706433:${port}${path}`,
      `http://0x7f000001:${port}${path}`,
      `http://0.0.0.0:${port}${path}`,
      `http://127.0.0.1.:${port}${path}`,
      `http://127.9.8.7:${port}${path}`,
      `http://[::1]:${port}${path}`,
      `http://[::ffff:127.0.0.1]:${port}${path}`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}${path}`,
      `http://[::]:${port}${path}`,
    ];
    const names = [
      `http://localhost:${port}${path}`,
      `http://LOCALHOST:${port}${path}`,
      `http://localhost.:${port}${path}`,
      `http://b.localhost:${port}${path}`,
    ];
    for (const url of [...literals, ...names]) await plant(a, url);

    const log = await deliverFromA(sim, a);
    for (const url of literals) {
      const mine = log.filter((d) => d.url === new URL(url).href);
      expect(mine.length, url).toBeGreaterThan(0);
      for (const d of mine) {
        expect(d, url).toMatchObject({ status: 'failed', lastStatus: null });
        expect(d.lastError, url).toMatch(/^refused: .* is this simulator/);
      }
    }
    for (const url of names) {
      const mine = log.filter((d) => d.url === new URL(url).href);
      expect(mine.length, url).toBeGreaterThan(0);
      // A name that resolves is refused on its address; one that does not resolve reaches nothing.
      for (const d of mine) {
        expect(d.lastStatus, url).toBeNull();
        expect(d.lastError, url).toMatch(/^refused: .* is this simulator|ENOTFOUND|EAI_AGAIN/);
      }
    }
    await expectBUntouched(sim, tokenB, rebuild);
  }, 30_000);

  it('a delivery that reaches the simulator by another way (a proxy, another name) is refused on every path: its marker header is', async () => {
    const { sim, tokenA, tokenB, a, rebuild, port } = await start();
    // A plain TCP forwarder on another port: the simulator behind a proxy, as far as a delivery can tell.
    proxy = createTcpServer((client) => {
      const upstream = connect(port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
    const via = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const paths = [
      '/__admin/accounts/b/reset',
      '/__ADMIN/accounts/b/reset',
      '//__admin/accounts/b/reset',
      '/%5F%5Fadmin/accounts/b/reset',
      '/./__admin/accounts/b/reset',
      '/accounts/x/../../__admin/accounts/b/reset',
      '/__admin/console/accounts/b',
      '/accounts/c/api/v2/webhooks',
    ];
    for (const [n, p] of paths.entries()) {
      // The query keeps spellings that URL parsing makes equal apart (one webhook per event and url).
      const registered = await call(sim, '/accounts/a/api/v2/webhooks', {
        method: 'POST',
        token: tokenA,
        body: subscribe(`${via}${p}?n=${n}`),
      });
      expect(registered.status, p).toBe(200);
    }

    const log = await deliverFromA(sim, a);
    expect(log.length).toBeGreaterThanOrEqual(paths.length);
    for (const d of log) expect(d, d.url).toMatchObject({ status: 'failed', lastStatus: 403 });
    await expectBUntouched(sim, tokenB, rebuild);
    // Nor did a delivery create an account (auto-provisioning on the API path).
    expect(sim.registry.get('c')).toBeUndefined();
  });

  it('a redirect is never followed: a receiver pointing a delivery at the control plane gets nothing', async () => {
    const { sim, tokenA, tokenB, a, rebuild, port } = await start();
    r = await receiver(
      Array.from({ length: 500 }, () => 307),
      {
        location: `http://127.0.0.1:${port}/__admin/accounts/b/reset`,
      },
    );
    await call(sim, '/accounts/a/api/v2/webhooks', { method: 'POST', token: tokenA, body: subscribe(r.url) });
    const log = await deliverFromA(sim, a);
    expect(log.length).toBeGreaterThan(0);
    for (const d of log) expect(d).toMatchObject({ status: 'failed', lastStatus: 307, lastError: 'HTTP 307' });
    await expectBUntouched(sim, tokenB, rebuild);
  });

  it('registering a webhook on this simulator’s own address and port is a 400 on url', async () => {
    const { sim, tokenA, port } = await start();
    for (const host of ['127.0.0.1', '127.1', '[::1]', '0.0.0.0', 'localhost', 'A.LocalHost.']) {
      const url = `http://${host}:${port}/__admin/accounts/b/reset`;
      const res = await call(sim, '/accounts/a/api/v2/webhooks', {
        method: 'POST',
        token: tokenA,
        body: subscribe(url),
      });
      expect(res.status, host).toBe(400);
      expect(JSON.stringify(res.body), host).toContain('A webhook cannot target this simulator.');
    }
    // Another port of this machine is an ordinary receiver.
    const other = await call(sim, '/accounts/a/api/v2/webhooks', {
      method: 'POST',
      token: tokenA,
      body: subscribe(`http://127.0.0.1:${port === 65_535 ? 1 : port + 1}/hook`),
    });
    expect(other.status).toBe(200);
  });
});
