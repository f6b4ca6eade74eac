import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import type { AccountRegistry } from '../accounts/registry.js';
import { runInSlices } from '../accounts/slices.js';
import { summaryOf } from '../admin/account-snapshot.js';
import type { Fleet } from '../admin/fleet.js';
import { ApiError, errors } from '../errors/errors.js';
import { listScenarios } from '../scenarios/load.js';
import { CONSOLE_BASE } from './access.js';
import { accountsPage } from './accounts-page.js';
import { appointmentPage } from './appointment-page.js';
import { classesPage } from './classes-page.js';
import { clientPage, clientsPage } from './clients-page.js';
import { clockPage } from './clock-page.js';
import { CONSOLE_JS } from './console-script.js';
import { CONSOLE_CSS } from './console-style.js';
import { credentialsPage } from './credentials-page.js';
import { diaryPage } from './diary-page.js';
import { type Html, render, type Section } from './layout.js';
import { loginPage } from './login-page.js';
import { requestsPage } from './requests-page.js';
import { salesPage } from './sales-page.js';
import type { ConsoleSessions } from './sessions.js';
import { webhooksPage } from './webhooks-page.js';

// The console: server-rendered pages under /__admin/console, their two assets, the login session,
// and the clock and data version a page polls to follow changes made elsewhere; the journal stream
// its live view reads is a control-plane route (admin/journal-routes.ts). Mounted at /__admin,
// behind the control plane's guards (local Host or admin token, same-origin JSON
// writes). Pages read the account's store directly and change nothing: every change is a
// control-plane call made by the client script. A page that reads many rows (the diary, classes,
// sales, a client search) gathers them in steps run in slices of the event loop's time
// (accounts/slices.ts), as the API's long lists do, so other accounts are answered meanwhile.

interface ConsoleOptions {
  sessions: ConsoleSessions;
  /** Whether the control plane asks for the admin token. */
  tokenRequired: boolean;
  /** This node and its peers: with peers, the accounts page lists every node's accounts. */
  fleet?: Fleet;
}

const ASSETS: Record<string, { body: string; type: string }> = {
  'console.js': { body: CONSOLE_JS, type: 'text/javascript; charset=utf-8' },
  'console.css': { body: CONSOLE_CSS, type: 'text/css; charset=utf-8' },
};

export function consoleRoutes(registry: AccountRegistry, options: ConsoleOptions): Hono {
  const routes = new Hono();
  const tokenRequired = options.tokenRequired;
  const page = (c: Context, title: string, body: Html, account?: Account, section?: Section) =>
    render(c, { title, body, tokenRequired, ...(account ? { account } : {}), ...(section ? { section } : {}) });
  const scenarios = () => listScenarios();

  // A page's address with a slash at its end (`/__admin/console/`) goes to the page without it, query kept.
  routes.use('/console/*', async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'GET' || !path.endsWith('/')) return next();
    const search = new URL(c.req.url).search;
    return c.redirect(`${path.replace(/\/+$/, '')}${search}`, 301);
  });

  routes.get('/console/assets/:file', (c) => {
    const asset = ASSETS[c.req.param('file')];
    if (asset === undefined) return c.notFound();
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' });
  });

  routes.get('/console/login', (c) => {
    const next = c.req.query('next') ?? '';
    const safe = /^\/__admin\/console(\/[\w\-./%]*)?$/.test(next) ? next : CONSOLE_BASE;
    return render(c, { title: 'Log in', body: loginPage(safe, options.tokenRequired) });
  });

  // The guard has checked the bearer token by now: the answer turns it into a session cookie.
  routes.post('/console/session', (c) => {
    if (options.tokenRequired) options.sessions.open(c);
    return c.body(null, 204);
  });

  routes.delete('/console/session', (c) => {
    options.sessions.close(c);
    return c.body(null, 204);
  });

  routes.get('/console', async (c) => {
    const fleet = options.fleet?.hasPeers ? await options.fleet.listing(c, registry.list().map(summaryOf)) : undefined;
    return page(c, 'Accounts', accountsPage(registry, await scenarios(), fleet));
  });

  routes.get('/console/accounts/:name', (c) => c.redirect(`${c.req.path}/requests`, 303));

  routes.get('/console/accounts/:name/requests', async (c) => {
    const account = await accountOf(c, registry);
    return page(c, 'Requests', requestsPage(account), account, 'requests');
  });

  routes.get('/console/accounts/:name/diary', async (c) => {
    const account = await accountOf(c, registry);
    const q = { site: c.req.query('site'), date: c.req.query('date'), view: c.req.query('view') };
    return page(c, 'Diary', await runInSlices(diaryPage(account, q)), account, 'diary');
  });

  routes.get('/console/accounts/:name/appointments/:id', async (c) => {
    const account = await accountOf(c, registry);
    const body = appointmentPage(account, c.req.param('id'));
    if (body === undefined) return missing(c, 'No such appointment.', account);
    return page(c, 'Appointment', body, account, 'diary');
  });

  routes.get('/console/accounts/:name/classes', async (c) => {
    const account = await accountOf(c, registry);
    const q = { site: c.req.query('site'), date: c.req.query('date') };
    return page(c, 'Classes', await runInSlices(classesPage(account, q)), account, 'classes');
  });

  routes.get('/console/accounts/:name/clients', async (c) => {
    const account = await accountOf(c, registry);
    const body = await runInSlices(clientsPage(account, c.req.query('find') ?? ''));
    return page(c, 'Clients', body, account, 'clients');
  });

  routes.get('/console/accounts/:name/clients/:id', async (c) => {
    const account = await accountOf(c, registry);
    const client = await runInSlices(clientPage(account, c.req.param('id')));
    if (client === undefined) return missing(c, 'No such client.', account);
    return page(c, client.title, client.body, account, 'clients');
  });

  routes.get('/console/accounts/:name/sales', async (c) => {
    const account = await accountOf(c, registry);
    const q = { site: c.req.query('site'), from: c.req.query('from'), to: c.req.query('to') };
    return page(c, 'Sales', await runInSlices(salesPage(account, q)), account, 'sales');
  });

  routes.get('/console/accounts/:name/clock', async (c) => {
    const account = await accountOf(c, registry);
    return page(c, 'Clock, scenarios and faults', clockPage(account, await scenarios()), account, 'clock');
  });

  routes.get('/console/accounts/:name/webhooks', async (c) => {
    const account = await accountOf(c, registry);
    return page(c, 'Webhooks', webhooksPage(account), account, 'webhooks');
  });

  routes.get('/console/accounts/:name/credentials', async (c) => {
    const account = await accountOf(c, registry);
    return page(c, 'Credentials', credentialsPage(account), account, 'credentials');
  });

  // What an open page follows: the account's clock, and the version of its data (one more with each write).
  routes.get('/console/accounts/:name/live', async (c) => {
    const account = await accountOf(c, registry);
    const now = new Date(account.clock.now()).toISOString();
    return c.json({ now, version: account.version }, 200, { 'cache-control': 'no-store' });
  });

  routes.onError((error, c) => {
    if (error instanceof ApiError && c.req.path.startsWith(CONSOLE_BASE) && error.status === 404) {
      return missing(c, `No account '${c.req.param('name') ?? ''}' (pages do not create one).`);
    }
    if (error instanceof ApiError) return error.toResponse();
    throw error;
  });

  function missing(c: Context, what: string, account?: Account) {
    const body = html`<p>${what} <a href="${CONSOLE_BASE}">Back to the accounts</a>.</p>`;
    return render(c, { title: 'Not found', body, tokenRequired, ...(account ? { account } : {}) }, 404);
  }

  return routes;
}

/**
 * The named account. Unlike the API and the control plane, a console page never creates one: a
 * GET changes nothing here.
 */
async function accountOf(c: Context, registry: AccountRegistry): Promise<Account> {
  const name = c.req.param('name') ?? '';
  const account = registry.get(name);
  if (!account) throw errors.admin(404, `no account '${name}'`);
  return account;
}
