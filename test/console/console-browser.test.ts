import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, utcText } from '../../src/datetime.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { DEMO_CREDENTIAL } from '../helpers.js';

// The console in headless Chromium: one server, one browser, one page reused. It writes the README's
// screenshots to docs/images/ (CONSOLE_SCREENSHOTS=<dir> writes them elsewhere). Time stands still
// at a fixed instant, so the same code draws the same pictures and a run leaves them unchanged.

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const skip = hasChromium ? '' : ` (skipped: ${CHROMIUM} not installed)`;
const SHOTS = process.env.CONSOLE_SCREENSHOTS || 'docs/images';
const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** 10:00 UTC, real time and the account clock alike: the day has appointments, and an hour later is still that day. */
const NOW = Date.UTC(2026, 10, 24, 10);

const PAGES = ['', 'requests', 'diary', 'diary?view=week', 'classes', 'clients', 'sales', 'clock', 'webhooks'].map(
  (p) => (p === '' ? '/__admin/console' : `/__admin/console/accounts/demo/${p}`),
);
const NARROW = new Set([
  '/__admin/console',
  ...['requests', 'diary', 'sales', 'clock'].map((p) => `/__admin/console/accounts/demo/${p}`),
]);
const SHOT_NAMES: Record<string, string> = {
  '/__admin/console': 'console-accounts',
  '/__admin/console/accounts/demo/requests': 'console-requests',
  '/__admin/console/accounts/demo/diary': 'console-diary',
  '/__admin/console/accounts/demo/sales': 'console-sales',
};

/** The browser's computed styles, as the page sees them (the tests compile without the DOM's types). */
interface Styles {
  getComputedStyle(element: unknown): { textDecorationLine: string };
}

describe.skipIf(!hasChromium)(`console in a browser${skip}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];
  const requests: string[] = [];

  const api = async (path: string, init: RequestInit = {}) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    return fetch(`${server.url}${path}`, { ...init, headers });
  };

  beforeAll(async () => {
    server = await startServer({ port: 0, size: 'small', rateLimit: false, now: NOW, realNow: () => NOW });
    const res = await fetch(`${server.url}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIAL),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
    // A few calls, so the journal has rows to show.
    for (const path of ['/api/v2/sites', '/api/v2/appointmentstates', '/api/v2/clients/nope', '/api/v2/nope'])
      await api(path);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    mkdirSync(SHOTS, { recursive: true });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('every page loads at 1280x800 and 390x844 with no console error, no request off the machine, no sideways scroll', async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      // The phone width on the pages with the widest content only, to keep the run short.
      for (const path of size.width === 1280 ? PAGES : PAGES.filter((p) => NARROW.has(p))) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
        expect(overflow, `${path} at ${size.width}px`).toBeLessThanOrEqual(0);
        const shot = SHOT_NAMES[path];
        // The journal's rows come from its stream: pictured once they are all there.
        if (path.endsWith('/requests')) {
          await page.locator('#live[data-state="live"]').waitFor();
          await expect.poll(() => page.locator('#journal tbody tr').count()).toBe(5);
        }
        if (shot && size.width === 1280) await shoot(page, shot);
        if (path.endsWith('/diary') && size.width === 390) await shoot(page, 'console-mobile');
      }
    }
    const origin = new URL(server.url).origin;
    expect(requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a call made through the API appears in the live journal within 1 s, and its row opens the entry', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/__admin/console/accounts/demo/requests`);
    await page.locator('#live[data-state="live"]').waitFor({ timeout: 5_000 });
    expect((await api('/api/v2/sites?marker=live')).status).toBe(200);
    const row = page.locator('#journal tbody tr', { hasText: '/api/v2/sites?marker=live' });
    await row.waitFor({ timeout: 1_000 });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#entry-dialog[open]').isVisible()).toBe(true);
    expect(await page.locator('#entry-fields').textContent()).toContain('/api/v2/sites');
    // The row held the summary; the dialog reads the whole entry, the answer's body included.
    await expect.poll(() => page.locator('#entry-fields').textContent()).toContain('SiteId');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });

  it('a refused call opens with the rule that refused it, by id and source; an answered one names none', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/__admin/console/accounts/demo/requests`);
    await page.locator('#live[data-state="live"]').waitFor({ timeout: 5_000 });
    const { world } = server.simulator.registry.get('demo')!;
    const site = world.sites.find((s) => s.State === 1)!.SiteId;
    // `itemState` and `find` must be sent by name: without them no action matches (404).
    expect((await api(`/api/v2/packages?siteId=${site}&marker=refused`)).status).toBe(404);
    const refused = page.locator('#journal tbody tr', { hasText: 'marker=refused' });
    await refused.waitFor({ timeout: 1_000 });
    await refused.focus();
    await page.keyboard.press('Enter');
    const rules = page.locator('#entry-rules');
    await expect.poll(() => rules.isVisible()).toBe(true);
    expect(await rules.textContent()).toBe('Refused by rule routing.required-name (spec)');
    // The whole entry, read once the dialog opens, names it the same way; the fields below leave it out.
    await expect.poll(() => page.locator('#entry-fields').getAttribute('aria-busy')).toBe(null);
    expect(await rules.textContent()).toBe('Refused by rule routing.required-name (spec)');
    expect(await page.locator('#entry-fields').textContent()).not.toContain('routing.required-name');
    await page.keyboard.press('Escape');

    expect((await api('/api/v2/sites?marker=answered')).status).toBe(200);
    const answered = page.locator('#journal tbody tr', { hasText: '/api/v2/sites?marker=answered' });
    await answered.waitFor({ timeout: 1_000 });
    await answered.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#entry-dialog[open]').isVisible()).toBe(true);
    expect(await rules.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });

  it('advancing the clock from the console moves the diary now line', async () => {
    const diary = `${server.url}/__admin/console/accounts/demo/diary`;
    await page.goto(diary);
    const before = await page.locator('.now').first().getAttribute('data-now-line');
    expect(before).toBe(utcText(await clockNow()));
    await page.goto(`${server.url}/__admin/console/accounts/demo/clock`);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '+1 hour' }).click()]);
    await page.goto(diary);
    const after = await page.locator('.now').first().getAttribute('data-now-line');
    expect(Date.parse(`${after}Z`) - Date.parse(`${before}Z`)).toBeGreaterThanOrEqual(HOUR);
    expect(problems).toEqual([]);
  });

  it('booking through the API shows the new block in the diary', async () => {
    const { world } = server.simulator.registry.get('demo')!;
    const site = world.sites.find((s) => s.State === 1)!;
    const employee = world.employees.find((e) => e.SiteId === site.SiteId && e.State === 1 && e.ServiceIds.length)!;
    const start = utcText(Math.floor(NOW / DAY) * DAY + 19 * HOUR);
    const res = await api(`/api/v2/appointments?siteId=${site.SiteId}`, {
      method: 'POST',
      body: JSON.stringify({
        ClientId: world.clients[0]!.ClientId,
        AppointmentServices: [
          {
            ServiceId: employee.ServiceIds[0],
            Start: start,
            Employees: [
              { EmployeeId: employee.EmployeeId, FirstName: employee.FirstName, LastName: employee.LastName },
            ],
          },
        ],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const id = ((await res.json()) as { Value: string }).Value;
    await page.goto(`${server.url}/__admin/console/accounts/demo/diary?site=${site.SiteId}`);
    const block = page.locator(`.col[data-column="${employee.EmployeeId}"] a[data-appointment="${id}"]`);
    await expect.poll(() => block.isVisible()).toBe(true);
    await block.click();
    expect(await page.locator('h1').textContent()).toBe('Appointment');
    expect(problems).toEqual([]);
  });

  it('a cancelled block in the diary is struck through, as the legend shows the state', async () => {
    const { world } = server.simulator.registry.get('demo')!;
    const site = world.sites.find((s) => s.State === 1)!;
    const id = await book(site.SiteId, 17);
    const cancelled = world.appointmentStates.find((s) => s.Name === 'Cancelled')!.AppointmentStateId;
    const set = await api(`/api/v2/appointments/setstate?appointmentId=${id}&appointmentStateId=${cancelled}`, {
      method: 'POST',
    });
    expect(set.status).toBe(200);
    await page.goto(`${server.url}/__admin/console/accounts/demo/diary?site=${site.SiteId}`);
    const line = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => (globalThis as unknown as Styles).getComputedStyle(e).textDecorationLine);
    expect(await line('.legend .st-cancelled')).toBe('line-through');
    expect(await line(`a[data-appointment="${id}"]`)).toBe('line-through');
    // Other states are not struck.
    expect(await line('.legend .st-booked')).toBe('none');
    expect(problems).toEqual([]);
  });

  it('a credential created on the credentials page is in the list at once, its secret still shown', async () => {
    await page.goto(`${server.url}/__admin/console/accounts/demo/credentials`);
    const rows = page.locator('#credential-list tbody tr');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => rows.count()).toBe(before + 1);
    expect(await page.locator('#list-title').textContent()).toBe(`Credentials (${before + 1})`);
    const output = page.locator('form output');
    expect(await output.textContent()).toContain('secret');
    const clientId = await output.locator('dt', { hasText: /^clientId$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await page.locator('#credential-list').textContent()).toContain(await clientId.textContent());
    expect(problems).toEqual([]);
  });

  it('an account created on the accounts page is sent as PUT to its name, and listed after the reload', async () => {
    await page.goto(`${server.url}/__admin/console`);
    const sent: string[] = [];
    const note = (request: { method(): string; url(): string }) => sent.push(`${request.method()} ${request.url()}`);
    page.on('request', note);
    await page.locator('input[name="name"]').fill('made-in-browser');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.locator('a', { hasText: /^made-in-browser$/ }).count()).toBe(1);
    page.off('request', note);
    expect(sent).toContain(`PUT ${server.url}/__admin/accounts/made-in-browser`);
    expect(server.simulator.registry.get('made-in-browser')?.settings.size).toBe('small');
    expect((await fetch(`${server.url}/__admin/accounts/made-in-browser`, { method: 'DELETE' })).status).toBe(204);
    expect(problems).toEqual([]);
  });

  it('the header clock and the diary follow clock moves and bookings made elsewhere, without a reload', async () => {
    const { world } = server.simulator.registry.get('demo')!;
    const site = world.sites.find((s) => s.State === 1)!;
    const start = await clockNow();
    // The page asks every 2 s; the page's own time is moved on to its next question instead of waited for.
    await page.clock.install();
    const nextQuestion = () => page.clock.fastForward(2_000);
    try {
      await page.goto(`${server.url}/__admin/console/accounts/demo/diary?site=${site.SiteId}`);
      await page.evaluate('window.keptPage = true');
      const header = page.locator('#account-clock');
      const nowLine = () => page.locator('.now').first().getAttribute('data-now-line');
      expect(await header.textContent()).toContain(utcText(start));
      // A booking through the API: its block appears.
      const id = await book(site.SiteId, 20);
      await nextQuestion();
      await page.locator(`a[data-appointment="${id}"]`).waitFor({ timeout: 10_000 });
      // A clock move through the control plane: the header clock and the now line follow.
      await moveClock({ advanceSeconds: 3600 });
      await nextQuestion();
      await expect.poll(() => header.textContent(), { timeout: 10_000 }).toContain(utcText(start + HOUR));
      await expect.poll(nowLine, { timeout: 10_000 }).toBe(utcText(start + HOUR));
      expect(await page.evaluate('window.keptPage')).toBe(true);
      // A move to the next day: the diary shows that day.
      await moveClock({ advanceSeconds: 24 * 3600 });
      await nextQuestion();
      const next = utcText(start + HOUR + DAY).slice(0, 10);
      await expect.poll(() => page.locator('#diary-range').textContent(), { timeout: 10_000 }).toContain(next);
      await expect.poll(nowLine, { timeout: 10_000 }).toBe(utcText(start + HOUR + DAY));
      expect(problems).toEqual([]);
    } finally {
      await moveClock({ now: new Date(start).toISOString() });
    }
  });

  it('"Download snapshot" saves <name>.snapshot.json, and restoring that file from the page brings the account back', async () => {
    const start = await clockNow();
    await page.goto(`${server.url}/__admin/console/accounts/demo/clock`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download snapshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('demo.snapshot.json');
    const text = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'business-api-simulator/account-snapshot', name: 'demo' });
    try {
      await moveClock({ advanceSeconds: 3600 });
      await page.reload();
      const header = page.locator('#account-clock');
      expect(await header.textContent()).toContain(utcText(start + HOUR));
      // The script asks before it replaces the account, then reloads the page.
      page.once('dialog', (dialog) => void dialog.accept());
      const file = { name: 'demo.snapshot.json', mimeType: 'application/json', buffer: Buffer.from(text) };
      await Promise.all([page.waitForEvent('load'), page.locator('#snapshot-file').setInputFiles(file)]);
      expect(await header.textContent()).toContain(utcText(start));
      expect(await clockNow()).toBe(start);
      expect(problems).toEqual([]);
    } finally {
      await moveClock({ now: new Date(start).toISOString() });
    }
  });

  it('with an admin token, a page asks for it once, then opens; logging out asks again', async () => {
    const guarded = await startServer({ port: 0, size: 'small', rateLimit: false, adminToken: 'console-token-42' });
    try {
      const clock = `${guarded.url}/__admin/console/accounts/demo/clock`;
      await page.goto(clock);
      expect(new URL(page.url()).pathname).toBe('/__admin/console/login');
      await page.getByLabel('Admin token').fill('console-token-42');
      await Promise.all([page.waitForURL(clock), page.getByRole('button', { name: 'Log in' }).click()]);
      expect(await page.locator('h1').textContent()).toBe('Clock, scenarios and faults');
      await Promise.all([page.waitForURL('**/login'), page.getByRole('button', { name: 'Log out' }).click()]);
      await page.goto(clock);
      expect(new URL(page.url()).pathname).toBe('/__admin/console/login');
      expect(problems).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  /** Books the first bookable service of an employee of the site at that hour of the clock's day; its id. */
  async function book(siteId: string, hour: number): Promise<string> {
    const { world } = server.simulator.registry.get('demo')!;
    const employee = world.employees.find((e) => e.SiteId === siteId && e.State === 1 && e.ServiceIds.length)!;
    const res = await api(`/api/v2/appointments?siteId=${siteId}`, {
      method: 'POST',
      body: JSON.stringify({
        ClientId: world.clients[0]!.ClientId,
        AppointmentServices: [
          {
            ServiceId: employee.ServiceIds[0],
            Start: utcText(Math.floor((await clockNow()) / DAY) * DAY + hour * HOUR),
            Employees: [
              { EmployeeId: employee.EmployeeId, FirstName: employee.FirstName, LastName: employee.LastName },
            ],
          },
        ],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { Value: string }).Value;
  }

  async function moveClock(body: { advanceSeconds: number } | { now: string }): Promise<void> {
    const res = await fetch(`${server.url}/__admin/accounts/demo/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  async function clockNow(): Promise<number> {
    const res = await fetch(`${server.url}/__admin/accounts/demo/clock`);
    return Date.parse(((await res.json()) as { now: string }).now);
  }
});
