import { describe, expect, it } from 'vitest';
import { call, demoApi, simulator } from '../helpers.js';

// The console over HTTP, no browser: every page answers HTML under a strict CSP, the admin token
// is asked for (and a login opens a session cookie), and cross-site writes stay refused.

const PAGES = ['requests', 'diary', 'diary?view=week', 'classes', 'clients', 'sales', 'clock', 'webhooks', 'credentials'];

describe('console pages', () => {
  it.each(PAGES)('GET /__admin/console/accounts/demo/%s answers 200 HTML with a CSP allowing only itself', async (p) => {
    const { sim } = await demoApi();
    const res = await call(sim, `/__admin/console/accounts/demo/${p}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.text).toContain('<script type="module" src="/__admin/console/assets/console.js"></script>');
    expect(res.text).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script
    expect(res.text).not.toMatch(/(src|href)="https?:/);
  });

  it('the accounts page lists the accounts with their actions', async () => {
    const { sim } = await demoApi();
    const res = await call(sim, '/__admin/console');
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="/__admin/console/accounts/demo/requests"');
    expect(res.text).toContain('data-api="/__admin/accounts/demo/reset"');
  });
});
