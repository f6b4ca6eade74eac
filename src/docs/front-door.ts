import { Hono } from 'hono';
import type { AccountRegistry } from '../accounts/registry.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';

// GET /: where a newcomer lands in a browser. It links what the simulator serves and shows the
// demo credential every fresh account has; JSON for a client asking for it. Account names are
// listed only when the control plane is open (loopback, no admin token), as GET /__admin/accounts is.
// GET /favicon.ico answers 204 without touching any account.

/** Accounts listed on the page at most; the control plane lists them all. */
const MAX_LISTED = 20;

interface FrontDoor {
  name: string;
  docs: string;
  openapi: { json: string; yaml: string };
  controlPlane: { accounts: string; health: string; openapi: string };
  demoCredential: { clientId: string; secret: string; apiKey: string };
  accounts?: { name: string; baseUrl: string }[];
}

export function frontDoorRoutes(registry: AccountRegistry, listAccounts: boolean): Hono {
  const routes = new Hono();
  // A browser asks for it on every page it shows: answered here, so it reaches no account (none is created,
  // no journal has it).
  routes.get('/favicon.ico', (c) => c.body(null, 204, { 'cache-control': 'max-age=86400' }));
  routes.get('/', (c) => {
    const origin = new URL(c.req.url).origin;
    const door: FrontDoor = {
      name: 'Business API simulator',
      docs: '/docs',
      openapi: { json: '/openapi.json', yaml: '/openapi.yaml' },
      controlPlane: { accounts: '/__admin/accounts', health: '/__admin/health', openapi: '/__admin/openapi.json' },
      demoCredential: { clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET, apiKey: DEMO_API_KEY },
    };
    if (listAccounts) {
      door.accounts = registry
        .list()
        .slice(0, MAX_LISTED)
        .map((a) => ({ name: a.name, baseUrl: `${origin}/accounts/${a.name}` }));
    }
    const accept = c.req.header('accept') ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) return c.json(door);
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'");
    return c.html(page(door, origin));
  });
  return routes;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(door: FrontDoor, origin: string): string {
  const { clientId, secret, apiKey } = door.demoCredential;
  const accounts =
    door.accounts === undefined
      ? '<p>The account list is on the control plane (it needs the admin token here).</p>'
      : `<ul>${door.accounts
          .map((a) => `<li><code>${escapeHtml(a.name)}</code>: <code>${escapeHtml(a.baseUrl)}</code></li>`)
          .join('')}</ul>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${door.name}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
code { background: #f3f3f3; padding: 0 .25rem; border-radius: 3px; }
h1 { font-size: 1.6rem; }
</style>
</head>
<body>
<h1>${door.name}</h1>
<p>A stateful simulator of the Appointment, Catalogue and Sales Business API (v2), serving at
<code>${escapeHtml(origin)}</code>.</p>
<h2>Reference</h2>
<ul>
<li><a href="${door.docs}">API reference</a> (every endpoint, its rules and real example answers)</li>
<li>OpenAPI document: <a href="${door.openapi.json}">openapi.json</a>,
<a href="${door.openapi.yaml}">openapi.yaml</a></li>
<li>Control plane: <a href="${door.controlPlane.accounts}">accounts</a>,
<a href="${door.controlPlane.health}">health</a>,
<a href="${door.controlPlane.openapi}">its OpenAPI document</a></li>
</ul>
<h2>Demo credential</h2>
<p>Every fresh account has it: client id <code>${clientId}</code>, secret <code>${secret}</code>
(<code>POST /api/v2/token</code>), and the version 1 API key <code>${apiKey}</code>.</p>
<h2>Accounts</h2>
<p>The default account answers at this origin; any other at <code>/accounts/&lt;name&gt;</code>
(created on first use by an API call, or by a control-plane write; never by a control-plane read
or a request a browser marks as coming from another site).</p>
${accounts}
</body>
</html>
`;
}
