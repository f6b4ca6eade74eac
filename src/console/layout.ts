import type { Context } from 'hono';
import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { utcText } from '../datetime.js';
import { subscriptionsOf } from '../webhooks/subscriptions.js';
import { CONSOLE_BASE } from './access.js';

// The frame of every console page: head (CSP, the one stylesheet and script), the top bar, and an
// account's navigation. Everything is served by the simulator; the CSP lets nothing else in.

export type Html = ReturnType<typeof html>;

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Diary blocks and the now line are placed with inline style attributes; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The account pages, in the order of the navigation. */
const SECTIONS = [
  ['requests', 'Requests'],
  ['diary', 'Diary'],
  ['classes', 'Classes'],
  ['clients', 'Clients'],
  ['sales', 'Sales'],
  ['clock', 'Clock, scenarios, faults'],
  ['webhooks', 'Webhooks'],
  ['credentials', 'Credentials'],
] as const;

export type Section = (typeof SECTIONS)[number][0];

export const accountPath = (account: Account | string, section?: string) =>
  `${CONSOLE_BASE}/accounts/${encodeURIComponent(typeof account === 'string' ? account : account.name)}` +
  (section === undefined ? '' : `/${section}`);

interface Page {
  title: string;
  account?: Account;
  section?: Section;
  body: Html;
  /** Whether the control plane asks for the admin token (then a log-out button is shown). */
  tokenRequired?: boolean;
}

export function render(c: Context, page: Page, status: 200 | 404 = 200): Response | Promise<Response> {
  c.header('content-security-policy', CSP);
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.html(document(page), status);
}

function document(page: Page): Html {
  const { account } = page;
  const title = account ? `${page.title} · ${account.name}` : page.title;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Simulator console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${CONSOLE_BASE}/assets/console.css">
<script type="module" src="${CONSOLE_BASE}/assets/console.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the page</a>
<header class="top">
<a class="brand" href="${CONSOLE_BASE}">Simulator console</a>
${account ? html`<span>Account <strong>${account.name}</strong></span>` : ''}
${
  account
    ? html`<span class="clock" id="account-clock" data-now="${new Date(account.clock.now()).toISOString()}"
data-version="${account.version}" data-live="${accountPath(account, 'live')}"
>Clock ${utcText(account.clock.now())} UTC</span>`
    : ''
}
${
  page.tokenRequired
    ? html`<button type="button" class="secondary" data-api="${CONSOLE_BASE}/session" data-method="DELETE"
data-then="goto:${CONSOLE_BASE}/login">Log out</button>`
    : ''
}
<a href="/docs">API reference</a>
</header>
${account ? navigation(account, page.section) : ''}
<main id="main">
<h1>${page.title}</h1>
<p id="status" role="status" aria-live="polite"></p>
${page.body}
</main>
</body>
</html>
`;
}

function navigation(account: Account, current: Section | undefined): Html {
  return html`<nav class="account" aria-label="Account pages"><ul>
${SECTIONS.map(
  ([section, label]) =>
    html`<li><a href="${accountPath(account, section)}"${current === section ? html` aria-current="page"` : ''}
>${label}</a></li>`,
)}
</ul>${snapshotControls(account)}</nav>`;
}

/**
 * Download the account as a snapshot file, and restore it from one (the client script PUTs the file to
 * the control plane). Webhook signing secrets travel sealed under a passphrase the script asks for.
 */
function snapshotControls(account: Account): Html {
  const api = `/__admin/accounts/${encodeURIComponent(account.name)}`;
  const sealed = subscriptionsOf(account).length > 0;
  return html`<div class="snapshot" id="snapshot-controls">
<a id="snapshot-download" href="${api}/snapshot?download=true" download="${account.name}.snapshot.json"
data-sealed="${String(sealed)}">Download snapshot</a>
<label>Restore from a snapshot file… <input type="file" id="snapshot-file" accept=".json,application/json"
data-restore="${api}?replace=true" data-account="${account.name}"></label>
</div>`;
}
