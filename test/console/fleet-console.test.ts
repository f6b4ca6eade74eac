import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_JS } from '../../src/console/console-script.js';
import type { RunningServer } from '../../src/server.js';
import { admin, FLEET_TOKEN, freePorts, startFleet } from '../admin/fleet-support.js';
import { call, FIXED_NOW, simulator } from '../helpers.js';

// The console of a fleet: one login holds on every node that shares the admin token, the accounts page
// lists every node's accounts, and every call about an account names it in its path, so a proxy routing
// by account name sends it to the node that holds the account.

const TOKEN = 'console-fleet-token-7c2e';
const minutes = 60_000;

/** Nodes sharing a pinned real time that the test moves. */
async function nodes(tokens: string[]) {
  let now = FIXED_NOW;
  const sims = await Promise.all(tokens.map((adminToken) => simulator({ adminToken, realNow: () => now })));
  return { sims, pass: (ms: number) => (now += ms) };
}

const cookieOf = (answer: { headers: Headers }) => answer.headers.get('set-cookie')?.split(';')[0];
const login = async (sim: Parameters<typeof call>[0]) => {
  const answer = await call(sim, '/__admin/console/session', { method: 'POST', token: TOKEN });
  expect(answer.status).toBe(204);
  return cookieOf(answer)!;
};

describe('one console login for the whole fleet', () => {
  it('a session opened on one node opens pages on another node with the same admin token', async () => {
    const { sims } = await nodes([TOKEN, TOKEN]);
    const cookie = await login(sims[0]!);
    const page = await call(sims[1]!, '/__admin/console', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Accounts</h1>');
    expect((await call(sims[1]!, '/__admin/accounts', { headers: { cookie } })).status).toBe(200);
  });

  it('a node with another admin token refuses the session: its pages redirect to the login form', async () => {
    const { sims } = await nodes([TOKEN, 'another-token-entirely']);
    const cookie = await login(sims[0]!);
    const page = await call(sims[1]!, '/__admin/console', { headers: { cookie } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/__admin/console/login?next=%2F__admin%2Fconsole');
    expect((await call(sims[1]!, '/__admin/accounts', { headers: { cookie } })).status).toBe(401);
  });

  it('a tampered cookie is refused, whichever byte changed', async () => {
    const { sims } = await nodes([TOKEN]);
    const cookie = await login(sims[0]!);
    const value = cookie.slice('console_session='.length);
    for (const at of [0, 10, 20, 40, value.length - 1]) {
      const flipped = value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);
      const page = await call(sims[0]!, '/__admin/console', { headers: { cookie: `console_session=${flipped}` } });
      expect(page.status, `byte ${at}`).toBe(303);
    }
    for (const forged of ['', 'x', `${value}A`, value.slice(0, -4)]) {
      const page = await call(sims[0]!, '/__admin/console', { headers: { cookie: `console_session=${forged}` } });
      expect(page.status, forged).toBe(303);
    }
  });

  it('the cookie holds no admin token, and each use re-issues it (HttpOnly, SameSite=Strict, /__admin; Secure on https)', async () => {
    const { sims, pass } = await nodes([TOKEN]);
    const cookie = await login(sims[0]!);
    expect(cookie).not.toContain(TOKEN);
    pass(minutes);
    const used = await call(sims[0]!, '/__admin/console', { headers: { cookie } });
    const renewed = used.headers.get('set-cookie') ?? '';
    expect(renewed).toMatch(/^console_session=[\w-]{80}; Path=\/__admin; HttpOnly; SameSite=Strict$/);
    expect(cookieOf(used)).not.toBe(cookie);
    const secure = await sims[0]!.fetch(
      new Request('https://127.0.0.1/__admin/console', { headers: { cookie, 'x-forwarded-proto': 'https' } }),
    );
    expect(secure.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('an hour unused on any node ends the session; use on another node keeps it alive', async () => {
    const { sims, pass } = await nodes([TOKEN, TOKEN]);
    const first = await login(sims[0]!);
    pass(59 * minutes);
    const used = await call(sims[1]!, '/__admin/console', { headers: { cookie: first } });
    expect(used.status).toBe(200);
    const renewed = cookieOf(used)!;
    pass(59 * minutes);
    expect((await call(sims[0]!, '/__admin/console', { headers: { cookie: renewed } })).status).toBe(200);
    // The cookie as it was before that use says it was last used 118 minutes ago.
    expect((await call(sims[0]!, '/__admin/console', { headers: { cookie: first } })).status).toBe(303);
    pass(60 * minutes);
    expect((await call(sims[1]!, '/__admin/console', { headers: { cookie: renewed } })).status).toBe(303);
  });

  it('12 hours after the login the session ends on every node, however used', async () => {
    const { sims, pass } = await nodes([TOKEN, TOKEN]);
    let cookie = await login(sims[0]!);
    for (let used = 0; used < 12 * 60 - 30; used += 30) {
      pass(30 * minutes);
      const answer = await call(sims[used % 60 === 0 ? 1 : 0]!, '/__admin/accounts', { headers: { cookie } });
      expect(answer.status).toBe(200);
      cookie = cookieOf(answer) ?? cookie;
    }
    pass(30 * minutes);
    for (const sim of sims) expect((await call(sim, '/__admin/accounts', { headers: { cookie } })).status).toBe(401);
  });

  it('logging out clears the cookie, and the node that logged out refuses the session from then on', async () => {
    const { sims } = await nodes([TOKEN]);
    const cookie = await login(sims[0]!);
    const out = await call(sims[0]!, '/__admin/console/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^console_session=; Max-Age=0; Path=\/__admin/);
    expect(out.headers.getSetCookie()).toHaveLength(1);
    expect((await call(sims[0]!, '/__admin/console', { headers: { cookie } })).status).toBe(303);
  });
});

describe('the console accounts page of a fleet', () => {
  let fleet: RunningServer[] = [];
  let gonePort = 0;
  beforeAll(async () => {
    [gonePort] = (await freePorts(1)) as [number];
    fleet = await startFleet(['node-a', 'node-b'], {}, [`http://127.0.0.1:${gonePort}`]);
    await admin(fleet[0]!, '/__admin/accounts/alpha', { method: 'PUT', body: {} });
    await admin(fleet[1]!, '/__admin/accounts/bravo', { method: 'PUT', body: {} });
  });
  afterAll(() => Promise.all(fleet.map((n) => n.close())));

  const page = async (node: RunningServer) =>
    (await fetch(`${node.url}/__admin/console`, { headers: { authorization: `Bearer ${FLEET_TOKEN}` } })).text();

  it('lists every account of the fleet with its node, its links naming the account, on any node', async () => {
    for (const node of fleet) {
      const html = await page(node);
      expect(html).toContain('<th>Node</th>');
      expect(html).toContain('<h2 id="list-title">4 accounts on 2 nodes</h2>');
      for (const [name, owner] of [
        ['alpha', 'node-a'],
        ['bravo', 'node-b'],
      ]) {
        expect(html).toMatch(
          new RegExp(`<a href="/__admin/console/accounts/${name}/requests">${name}</a></td>\\s*<td>${owner}</td>`),
        );
        expect(html).toContain(`data-api="/__admin/accounts/${name}/reset"`);
      }
    }
  });

  it('a peer that did not answer has a line saying why', async () => {
    const html = await page(fleet[0]!);
    expect(html).toContain(`<li>Node http://127.0.0.1:${gonePort} is not listed: connection refused.</li>`);
  });

  it('without peers the page is as before: this node only, no node column', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts/solo', { method: 'PUT', body: {} });
    const html = (await call(sim, '/__admin/console')).text;
    expect(html).not.toContain('<th>Node</th>');
    expect(html).not.toContain('silent-nodes');
    expect(html).toContain('<h2 id="list-title">1 account</h2>');
  });
});

describe('every console call about an account names it in its path', () => {
  /** Addresses of the control plane and the console that name no account, and need not. */
  const unscoped = (url: string) =>
    url === '/__admin/console' ||
    url === '/__admin/console/session' ||
    url.startsWith('/__admin/console/login') ||
    url.startsWith('/__admin/console/assets/');
  /** Every /__admin address a page holds: links, and the data attributes the client script calls. */
  const addresses = (html: string) =>
    [...html.matchAll(/(?:href|src|action|data-[a-z-]+)="(\/__admin[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('every page of an account: each control-plane and console address carries its name', async () => {
    const sim = await simulator();
    const name = 'owner-of-all';
    expect((await call(sim, `/__admin/accounts/${name}`, { method: 'PUT', body: {} })).status).toBe(201);
    await call(sim, `/__admin/accounts/${name}/webhooks/deliveries`);
    const account = sim.registry.get(name)!;
    const client = account.world.clients[0]!.ClientId;
    const appointment = account.world.appointments[0]!.AppointmentId;
    const sections = ['requests', 'diary', 'diary?view=week', 'classes', 'clients', `clients/${client}`, 'sales'];
    sections.push(`appointments/${appointment}`, 'clock', 'webhooks', 'credentials');
    let checked = 0;
    for (const section of sections) {
      const path = `/__admin/console/accounts/${name}/${section}`;
      const res = await call(sim, path);
      expect(res.status, path).toBe(200);
      for (const url of addresses(res.text)) {
        if (unscoped(url)) continue;
        expect(url, `${path}: ${url}`).toMatch(new RegExp(`^/__admin/(console/)?accounts/${name}(/|$|\\?)`));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('the accounts page: each row names its account; the create form puts the name in the path', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts/first', { method: 'PUT', body: {} });
    const html = (await call(sim, '/__admin/console')).text;
    const urls = addresses(html).filter((u) => !unscoped(u));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).toMatch(/^\/__admin\/(console\/)?accounts\/(first|demo|\{name\})(\/|$)/);
    expect(html).toContain('<form class="inline" data-api="/__admin/accounts/{name}" data-method="PUT"');
    expect(html).toMatch(/<input name="name" required/);
    expect(html).not.toContain('data-api="/__admin/accounts"');
  });

  it('the client script holds no address of its own: it calls only what the page names', () => {
    expect(CONSOLE_JS).not.toMatch(/['"`]\/__admin/);
    const urls = [
      ...[...CONSOLE_JS.matchAll(/\b(?:fetch|new EventSource)\(([^,)]+)/g)].map((m) => m[1]!.trim()),
      ...[...CONSOLE_JS.matchAll(/\bsend\(([^,]+),\s*([^,)]+)/g)].map((m) => m[2]!.trim()),
    ];
    expect(urls.length).toBeGreaterThanOrEqual(7);
    const pageNamed =
      /^(url|window\.location\.href|download\.href|(login|clock|journal|restoreFile)\.dataset\.\w+( \+ .*)?)$/;
    for (const url of urls) expect(url).toMatch(pageNamed);
    expect(urls).toEqual(expect.arrayContaining(['clock.dataset.live', 'journal.dataset.stream']));
  });

  it('a form whose path names a field sends that field in the path and leaves it out of the body', () => {
    expect(CONSOLE_JS).toContain('element.dataset.api.replace(/\\{(\\w+)\\}/g');
  });
});
