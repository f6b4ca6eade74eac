import { existsSync, mkdirSync } from 'node:fs';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docsRoutes } from '../../src/docs/docs-page.js';
import { startServer } from '../../src/server.js';
import { call, simulator } from '../helpers.js';

// The sub-app alone (mounted as app.ts mounts it), then the whole simulator, then a real browser.

const docsApp = () => new Hono().route('/docs', docsRoutes());

/** Every src/href of the page, in order. */
const linksOf = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('docs page over HTTP', () => {
  it.each(['/docs', '/docs/'])('GET %s answers the page, with no external URL in it', async (path) => {
    const res = await docsApp().request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<title>Business API simulator — API reference</title>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/); // no inline script: a strict CSP holds
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
  });

  it('every asset the page links answers 200 with its content type and a long cache lifetime', async () => {
    const app = docsApp();
    const links = linksOf(await (await app.request('/docs')).text());
    const type = (link: string) =>
      ({ css: 'text/css', js: 'text/javascript', png: 'image/png' })[link.replace(/\?.*/, '').split('.').pop() ?? ''];
    expect(links.map((l) => l.replace(/\?.*/, ''))).toEqual([
      '/docs/swagger-ui.css',
      '/docs/index.css',
      '/docs/favicon-32x32.png',
      '/docs/favicon-16x16.png',
      '/docs/swagger-ui-bundle.js',
      '/docs/init.js',
    ]);
    for (const link of links) {
      const res = await app.request(link);
      expect(res.status, link).toBe(200);
      expect(res.headers.get('content-type'), link).toContain(type(link));
      expect(res.headers.get('cache-control'), link).toContain('max-age=31536000');
      expect((await res.arrayBuffer()).byteLength, link).toBeGreaterThan(100);
    }
  });

  it('the initializer loads /openapi.json with the online validator off and no other URL', async () => {
    const js = await (await docsApp().request('/docs/init.js')).text();
    expect(js).toContain("url: '/openapi.json'");
    expect(js).toContain('validatorUrl: null');
    expect(js).toContain('tryItOutEnabled: false');
    expect(js).not.toMatch(/https?:\/\//);
  });

  it.each([
    '/docs/swagger-initializer.js', // in the package, but points at the public petstore
    '/docs/swagger-ui-bundle.js.map',
    '/docs/package.json',
    '/docs/index.html',
    '/docs/nope.css',
    '/docs/a/b',
  ])('an unlisted file name is 404: %s', async (path) => {
    expect((await docsApp().request(path)).status).toBe(404);
  });

  // Literal `..` segments are resolved by the URL parser before routing; encoded slashes are not.
  it.each([
    '/docs/..%2fpackage.json',
    '/docs/..%2F..%2Fpackage.json',
    '/docs/%2e%2e%2fpackage.json',
    '/docs/..%5cpackage.json',
    '/docs/a/../../package.json',
  ])('traversal is 404: %s', async (path) => {
    expect((await docsApp().request(path)).status).toBe(404);
  });

  it('the simulator serves the page and its assets on every host', async () => {
    const sim = await simulator();
    for (const host of ['127.0.0.1', 'acme.localhost']) {
      const page = await call(sim, '/docs', { host });
      expect(page.status, host).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const init = await call(sim, '/docs/init.js', { host });
      expect(init.status, host).toBe(200);
    }
    expect((await call(sim, '/openapi.json')).status).toBe(200);
  });
});

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('docs page in a browser', () => {
  const skipReason = ` (skipped: ${CHROMIUM} not installed)`;
  it.skipIf(!hasChromium)(
    `renders the operations of /openapi.json in headless Chromium${hasChromium ? '' : skipReason}`,
    async () => {
      const server = await startServer({ port: 0, size: 'small', rateLimit: false });
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        // Quiet, offline-friendly Chromium: nothing but the page's own requests goes on the wire.
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
          paths: Record<string, Record<string, unknown>>;
        };
        const operations = Object.values(doc.paths).flatMap((item) =>
          Object.keys(item).filter((k) => METHODS.includes(k)),
        ).length;
        expect(operations).toBeGreaterThan(0);

        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const requests: string[] = [];
        const problems: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
        page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));

        const response = await page.goto(`${server.url}/docs`);
        expect(response?.status(), 'GET /docs').toBe(200); // fail fast when /docs is not mounted
        await page.waitForSelector('.opblock', { timeout: 20_000 });
        await expect.poll(() => page.locator('.opblock').count()).toBe(operations);
        expect(await page.title()).toBe('Business API simulator — API reference');
        for (const path of ['/api/v2/services', '/api/v2/token']) {
          await expect
            .poll(() => page.locator(`.opblock-summary-path[data-path="${path}"]`).first().isVisible(), {
              message: path,
            })
            .toBe(true);
        }

        const origin = new URL(server.url).origin;
        expect(requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)).toEqual([]);
        expect(requests).toContain(`${origin}/openapi.json`);
        expect(problems).toEqual([]);

        mkdirSync('test-output', { recursive: true });
        const shot = 'test-output/docs-page.png';
        await page.screenshot({ path: shot, fullPage: true });
        console.log(`docs page screenshot: ${shot}`);
      } finally {
        await browser.close();
        await server.close();
      }
    },
    60_000,
  );
});
