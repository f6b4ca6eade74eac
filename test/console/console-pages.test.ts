import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { startServer } from '../../src/server.js';
import { activeSite, call, demoApi, simulator } from '../helpers.js';

// The console over HTTP, no browser: every page answers HTML under a strict CSP and changes
// nothing; the admin token is asked for by a login form whose session is a cookie; cross-site
// writes stay refused.

const PAGES = [
  '/__admin/console',
  '/__admin/console/accounts/demo/requests',
  '/__admin/console/accounts/demo/diary',
  '/__admin/console/accounts/demo/diary?view=week&date=2026-03-20',
  '/__admin/console/accounts/demo/classes',
  '/__admin/console/accounts/demo/clients',
  '/__admin/console/accounts/demo/clients?find=a',
  '/__admin/console/accounts/demo/sales',
  '/__admin/console/accounts/demo/clock',
  '/__admin/console/accounts/demo/webhooks',
  '/__admin/console/accounts/demo/credentials',
];

const TOKEN = 'console-admin-token-5d1f';

describe('console pages', () => {
  it('every page answers 200 HTML under a CSP that admits only the simulator, with no inline script', async () => {
    const { sim } = await demoApi();
    for (const path of PAGES) {
      const res = await call(sim, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'; script-src 'self'");
      expect(res.text, path).toContain('<script type="module" src="/__admin/console/assets/console.js"></script>');
      expect(res.text, path).not.toMatch(/<script>|<script [^>]*>[^<]/);
      expect(res.text, path).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
  });

  it('every page of accounts built from the shipped scenarios answers 200 HTML', async () => {
    const sim = await simulator();
    for (const scenario of ['empty-account', 'unpaid-and-paid-invoices', 'fully-booked-day', 'unreliable-service']) {
      const created = await call(sim, '/__admin/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `console-${scenario}`, scenario }),
      });
      expect(created.status, scenario).toBe(201);
      for (const path of PAGES.filter((p) => p.includes('/accounts/demo/'))) {
        const page = path.replace('/accounts/demo/', `/accounts/console-${scenario}/`);
        const res = await call(sim, page);
        expect([res.status, res.headers.get('content-type')], page).toEqual([200, 'text/html; charset=UTF-8']);
        expect(res.text, page).toContain('<h1>');
      }
    }
  });

  it('the clock page shows the scenario last applied, when, and what it changed', async () => {
    const { sim } = await demoApi();
    const page = '/__admin/console/accounts/demo/clock';
    expect((await call(sim, page)).text).not.toContain('Last applied');
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'unpaid-and-paid-invoices' },
    });
    expect(applied.status).toBe(200);
    const text = (await call(sim, page)).text;
    expect(text).toContain('Last applied: <code>unpaid-and-paid-invoices</code> at');
    expect(text).toContain('<time datetime="2026-03-16T09:00:00.000Z">2026-03-16 09:00</time> UTC (real time)');
    expect(text).toContain('records: accountingDocuments 2 added; accountingEntries 1 added.');
  });

  it('the assets answer with their content types; the script is a module the pages can load', async () => {
    const sim = await simulator();
    const js = await call(sim, '/__admin/console/assets/console.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.text).toContain('new EventSource(journal.dataset.stream)');
    expect(js.text).not.toMatch(/https?:\/\//);
    const css = await call(sim, '/__admin/console/assets/console.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await call(sim, '/__admin/console/assets/nope.js')).status).toBe(404);
  });

  it('a console address with a slash at its end redirects to the page without it, query kept', async () => {
    const { sim } = await demoApi();
    for (const path of PAGES) {
      const [route, query] = path.split('?');
      const res = await call(sim, `${route}/${query ? `?${query}` : ''}`);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(path);
      expect((await call(sim, res.headers.get('location')!)).status, path).toBe(200);
    }
    expect((await call(sim, '/__admin/console//')).headers.get('location')).toBe('/__admin/console');
  });

  it('GET /favicon.ico answers 204 and touches no account: the journal of the default account stays empty', async () => {
    const sim = await simulator();
    const journal = async () => (await call(sim, '/__admin/accounts/demo/requests')).body;
    expect(await journal()).toEqual([]);
    const before = sim.registry.list().map((a) => a.name);
    const res = await call(sim, '/favicon.ico', { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await journal()).toEqual([]);
    expect(sim.registry.list().map((a) => a.name)).toEqual(before);
    // Nor is an account made for a name the Host or path would give.
    await call(sim, '/favicon.ico', { headers: { host: 'fresh.localhost' } });
    expect(sim.registry.list().map((a) => a.name)).toEqual(before);
  });

  it('the live address a page polls answers the account clock and data version; both follow changes made elsewhere', async () => {
    const { sim, token } = await demoApi();
    const live = async () =>
      (await call(sim, '/__admin/console/accounts/demo/live')).body as { now: string; version: number };
    const first = await live();
    expect(first.now).toMatch(/^\d{4}-\d\d-\d\dT/);
    const moved = await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 86_400 } });
    expect(moved.status).toBe(200);
    const second = await live();
    expect(Date.parse(second.now) - Date.parse(first.now)).toBeGreaterThanOrEqual(86_400_000);
    const site = activeSite(sim.registry.get('demo')!.world);
    const client = { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com', Gender: 2 };
    const write = await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: client });
    expect(write.status).toBe(200);
    expect((await live()).version).toBeGreaterThan(second.version);
    // The page carries where to poll and what it was drawn from.
    const page = await call(sim, '/__admin/console/accounts/demo/diary');
    expect(page.text).toContain('data-live="/__admin/console/accounts/demo/live"');
    expect((await call(sim, '/__admin/console/accounts/ghost/live')).status).toBe(404);
    expect(sim.registry.get('ghost')).toBeUndefined();
  });

  it('a page of an unknown account is a 404 page and creates no account', async () => {
    const sim = await simulator();
    const res = await call(sim, '/__admin/console/accounts/ghost/diary');
    expect(res.status).toBe(404);
    expect(res.text).toContain('ghost');
    expect(res.text).toContain('pages do not create one');
    expect(sim.registry.get('ghost')).toBeUndefined();
  });

  it('the diary shows a booked appointment as a block linking to its page, and the clock as the now line', async () => {
    const { sim, account, world } = await demoApi();
    const appointment = world.appointments.find((a) => a.AppointmentServices[0]?.Employees.length)!;
    const day = appointment.Start.slice(0, 10);
    const res = await call(sim, `/__admin/console/accounts/demo/diary?site=${appointment.SiteId}&date=${day}`);
    expect(res.text).toContain(`data-appointment="${appointment.AppointmentId}"`);
    const today = new Date(account.clock.now()).toISOString().slice(0, 10);
    const now = await call(sim, `/__admin/console/accounts/demo/diary?site=${appointment.SiteId}&date=${today}`);
    expect(now.text).toContain(
      `data-now-line="${new Date(account.clock.now()).toISOString().slice(0, 16).replace('T', ' ')}"`,
    );
    const page = await call(sim, `/__admin/console/accounts/demo/appointments/${appointment.AppointmentId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(appointment.AppointmentNumber);
  });

  it('a diary block under 45 minutes holds one line, the client after the service; a longer one two', async () => {
    const { sim, world } = await demoApi();
    const minutes = (s: { Start: string; End: string }) =>
      (Date.parse(`${s.End}Z`) - Date.parse(`${s.Start}Z`)) / 60_000;
    // Appointments of one service, so the block found by the appointment's id is that service's.
    const services = world.appointments
      .filter((a) => a.AppointmentServices.length === 1 && a.AppointmentServices[0]!.Employees.length)
      .map((a) => ({ a, s: a.AppointmentServices[0]! }));
    for (const { a, s } of [services.find(({ s }) => minutes(s) < 45)!, services.find(({ s }) => minutes(s) >= 45)!]) {
      const res = await call(sim, `/__admin/console/accounts/demo/diary?site=${a.SiteId}&date=${s.Start.slice(0, 10)}`);
      const block = res.text.match(
        new RegExp(`<a class="block[^"]*"[^>]*data-appointment="${a.AppointmentId}"[^]*?</a>`),
      );
      expect(block, a.AppointmentId).not.toBeNull();
      const short = minutes(s) < 45;
      expect(block![0].startsWith(short ? '<a class="block short ' : '<a class="block st-')).toBe(true);
      expect(block![0].includes('<br>')).toBe(!short);
    }
  });

  it('the credentials page lists client ids and allow-lists, never a secret or its hash', async () => {
    const { sim, account } = await demoApi();
    const res = await call(sim, '/__admin/console/accounts/demo/credentials');
    expect(res.text).toContain('demo-client');
    expect(res.text).not.toContain('demo-secret');
    expect(res.text).not.toContain(account.auth.credentials[0]!.secretHash);
  });
});

describe('console journal stream', () => {
  it('GET /__admin/accounts/<name>/requests/stream sends a reset, the backlog, then each new call as it is made', async () => {
    const { sim, token, account } = await demoApi();
    const res = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/demo/requests/stream'));
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await until('"path":"/api/v2/token"'); // the backlog
    expect(text.startsWith('event: reset\n')).toBe(true);
    expect(account.journal.listening).toBe(1);
    await call({ sim, token }, '/api/v2/sites?marker=1');
    await until('"marker":["1"]');
    await reader.cancel();
    await expect.poll(() => account.journal.listening).toBe(0);
  });
});

/** The demo account's journal stream, read from its reset on: `until` reads on until the text holds a needle. */
async function demoStream(sim: Simulator) {
  const res = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/demo/requests/stream'));
  const reader = res.body!.getReader();
  let text = '';
  const until = async (needle: string) => {
    while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    return text;
  };
  await until('event: reset');
  return { until, cancel: () => reader.cancel() };
}

describe('console journal stream entries', () => {
  it('each streamed entry is the summary of the journal entry; its seq reads the whole entry, answer included', async () => {
    const { sim, token, account } = await demoApi();
    const stream = await demoStream(sim);
    await call({ sim, token }, '/api/v2/sites?marker=2');
    const text = await stream.until('"marker":["2"]');
    await stream.cancel();
    const streamed = text
      .split('\n\n')
      .filter((event) => event.startsWith('event: entry\ndata: '))
      .map((event) => JSON.parse(event.slice('event: entry\ndata: '.length)));
    const listed = account.journal.list().at(-1)!;
    const last = streamed.at(-1);
    const { headers: _headers, answerBody, ...summary } = listed;
    expect(Array.isArray(answerBody) && answerBody.length).toBeGreaterThan(0);
    expect(last).toEqual(summary);
    const whole = await call(sim, `/__admin/accounts/demo/requests/${last.seq}`);
    expect(whole.body).toEqual(listed);
  });

  it("a refused call's streamed summary names the rule that refused it, by id and source, as the entry does", async () => {
    const { sim, token, world } = await demoApi();
    const stream = await demoStream(sim);
    // `itemState` and `find` must be sent by name: without them no action matches (404).
    const refused = await call({ sim, token }, `/api/v2/packages?siteId=${activeSite(world)}&marker=3`);
    expect(refused.status).toBe(404);
    const text = await stream.until('"marker":["3"]');
    await stream.cancel();
    const last = JSON.parse(
      text
        .split('\n\n')
        .findLast((e) => e.includes('"marker":["3"]'))!
        .split('data: ')[1]!,
    );
    expect(last.rules).toEqual([{ id: 'routing.required-name', source: 'spec' }]);
    const whole = await call(sim, `/__admin/accounts/demo/requests/${last.seq}`);
    expect(whole.body.rules).toEqual(last.rules);
    // The page's dialog has the place the script writes them to ("Refused by rule <id> (<source>)").
    expect((await call(sim, '/__admin/console/accounts/demo/requests')).text).toContain('<ul id="entry-rules"');
    expect((await call(sim, '/__admin/console/assets/console.js')).text).toContain("'Refused by rule ' + rule.id");
  });
});

describe('console journal stream over a socket', () => {
  it('a client that goes away stops the stream: the journal has no listener left', async () => {
    const server = await startServer({ port: 0, size: 'small', rateLimit: false });
    try {
      const { journal } = server.simulator.registry.get('demo')!;
      const controller = new AbortController();
      const res = await fetch(`${server.url}/__admin/accounts/demo/requests/stream`, { signal: controller.signal });
      await res.body!.getReader().read();
      expect(journal.listening).toBe(1);
      controller.abort();
      await expect.poll(() => journal.listening).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('console with an admin token', () => {
  const sim = () => demoApi({ adminToken: TOKEN }).then((d) => d.sim);
  const login = (s: Awaited<ReturnType<typeof sim>>, headers: Record<string, string> = {}) =>
    call(s, '/__admin/console/session', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, ...headers } });

  it('a page without a session redirects to the login form; the form and the assets need none', async () => {
    const s = await sim();
    const page = await call(s, '/__admin/console/accounts/demo/diary');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(
      '/__admin/console/login?next=%2F__admin%2Fconsole%2Faccounts%2Fdemo%2Fdiary',
    );
    const form = await call(s, '/__admin/console/login?next=/__admin/console/accounts/demo/diary');
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-next="/__admin/console/accounts/demo/diary"');
    expect((await call(s, '/__admin/console/assets/console.js')).status).toBe(200);
    expect((await call(s, '/__admin/accounts/demo/requests/stream')).status).toBe(401);
    expect((await call(s, '/__admin/accounts')).status).toBe(401);
  });

  it('the login form sends its user back only to a console page', async () => {
    const s = await sim();
    for (const next of ['//evil.example/x', 'https://evil.example', '/__admin/accounts', '/__admin/console/"x'])
      expect((await call(s, `/__admin/console/login?next=${encodeURIComponent(next)}`)).text).toContain(
        'data-next="/__admin/console"',
      );
  });

  it('the token opens a session cookie (HttpOnly, SameSite=Strict, /__admin only) that pages, stream and writes accept', async () => {
    const s = await sim();
    expect((await call(s, '/__admin/console/session', { method: 'POST' })).status).toBe(401);
    expect((await call(s, '/__admin/console/session', { method: 'POST', token: 'wrong' })).status).toBe(401);
    const res = await login(s);
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^console_session=[\w-]{80}; Path=\/__admin; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(TOKEN);
    const headers = { cookie: cookie.split(';')[0]! };
    expect((await call(s, '/__admin/console/accounts/demo/diary', { headers })).status).toBe(200);
    expect((await call(s, '/__admin/accounts', { headers })).status).toBe(200);
    const created = await call(s, '/__admin/accounts', { method: 'POST', body: { name: 'fresh' }, headers });
    expect(created.status).toBe(201);
    expect((await call(s, '/__admin/console/session', { method: 'DELETE', headers })).status).toBe(204);
    expect((await call(s, '/__admin/accounts', { headers })).status).toBe(401);
    expect((await call(s, '/__admin/console', { headers: { cookie: 'console_session=forged' } })).status).toBe(303);
  });

  it('cross-site writes are refused, with a session cookie too; a form post is not JSON and is refused', async () => {
    const s = await sim();
    const headers = { cookie: (await login(s)).headers.get('set-cookie')!.split(';')[0]! };
    const evil = { ...headers, origin: 'http://evil.example' };
    expect((await login(s, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await call(s, '/__admin/accounts', { method: 'POST', body: { name: 'x' }, headers: evil })).status).toBe(
      403,
    );
    const site = { ...headers, 'sec-fetch-site': 'cross-site' };
    expect((await call(s, '/__admin/accounts/demo/reset', { method: 'POST', headers: site })).status).toBe(403);
    const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call(s, '/__admin/accounts', { method: 'POST', body: 'name=x', headers: form })).status).toBe(415);
    expect(s.registry.get('x')).toBeUndefined();
  });
});

describe('console without an admin token', () => {
  it('answers only a local Host, as the rest of the control plane', async () => {
    const { sim } = await demoApi();
    expect((await call(sim, '/__admin/console', { host: 'evil.example' })).status).toBe(403);
    expect((await call(sim, '/__admin/console', { host: 'acme.localhost' })).status).toBe(200);
  });

  it('a cross-site write is refused', async () => {
    const { sim } = await demoApi();
    const headers = { origin: 'http://evil.example' };
    expect((await call(sim, '/__admin/accounts/demo/reset', { method: 'POST', headers })).status).toBe(403);
  });
});
