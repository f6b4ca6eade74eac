import { describe, expect, it } from 'vitest';
import { call, simulator } from '../helpers.js';

describe('GET / (front door)', () => {
  it('answers an HTML page linking the docs, both OpenAPI documents, the control plane and the demo credential', async () => {
    const sim = await simulator();
    const res = await call(sim, '/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const links = ['/docs', '/openapi.json', '/openapi.yaml', '/__admin/accounts', '/__admin/health'];
    for (const link of [...links, '/__admin/openapi.json']) {
      expect(res.text).toContain(`href="${link}"`);
    }
    expect(res.text).toContain('demo-client');
    expect(res.text).toContain('demo-secret');
    expect(res.text).toContain('demo-api-key');
  });

  it('loads nothing from anywhere: no scripts, no external links, a CSP that allows no source', async () => {
    const sim = await simulator();
    const res = await call(sim, '/');
    expect(res.text).not.toMatch(/<script|src=|href="https?:/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers JSON for Accept: application/json, listing the accounts with their base URLs', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const res = await call(sim, '/', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      docs: '/docs',
      openapi: { json: '/openapi.json', yaml: '/openapi.yaml' },
      demoCredential: { clientId: 'demo-client', secret: 'demo-secret', apiKey: 'demo-api-key' },
    });
    expect(res.body.accounts).toContainEqual({ name: 'acme', baseUrl: 'http://127.0.0.1/accounts/acme' });
  });

  it('lists no account names when the control plane needs an admin token', async () => {
    const sim = await simulator({ adminToken: 'let-me-in' });
    const json = await call(sim, '/', { headers: { accept: 'application/json' } });
    expect(json.body).not.toHaveProperty('accounts');
    const html = await call(sim, '/');
    expect(html.text).not.toContain('/accounts/demo');
  });

  it('lists the accounts on the page with their base URLs', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const res = await call(sim, '/');
    expect(res.text).toContain('<li><code>acme</code>: <code>http://127.0.0.1/accounts/acme</code></li>');
  });
});
