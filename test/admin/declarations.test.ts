import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AdminRoute, honoPath } from '../../src/admin/admin-route.js';
import { adminDeclarations } from '../../src/admin/declarations.js';
import { adminRoutes } from '../../src/admin/router.js';
import type { Simulator } from '../../src/app.js';
import { consoleRoutes } from '../../src/console/router.js';
import { ConsoleSessions } from '../../src/console/sessions.js';
import { call, simulator } from '../helpers.js';

// Every control-plane route is one declaration, handler included: the router serves the table and
// openapi/admin.json documents it, so a route is served exactly when it is documented, and each
// answers only what its declaration documents (every answer a test receives is checked against the
// document).

const doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/admin.json'), 'utf8'));
const documented = (d: AdminRoute): number[] =>
  Object.keys(doc.paths[`/__admin${d.path}`][d.method.toLowerCase()].responses).map(Number);
const key = (d: AdminRoute) => `${d.method} ${honoPath(d)}`;
const ROUTE_MISSING = /^no control-plane route /;

/** A concrete path of a declaration: the account named, every other segment `1`. */
const pathOf = (d: AdminRoute, name: string) => `/__admin${d.path.replace('{name}', name).replace(/\{\w+\}/g, '1')}`;

/** One call of a declared route; a stream is read to its first event only. */
async function callRoute(sim: Simulator, d: AdminRoute, name: string): Promise<{ status: number; body: any }> {
  const target = pathOf(d, name);
  if (d.operationId !== 'streamRequests') {
    const body = d.body ? (d.body.example ?? {}) : undefined;
    return call(sim, target, { method: d.method, ...(body === undefined ? {} : { body }) });
  }
  const res = await sim.fetch(new Request(`http://127.0.0.1${target}`));
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { status: res.status, body: await res.json() };
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  return { status: res.status, body: first };
}

describe('control-plane declarations', () => {
  it('every control-plane route served is declared exactly once, and every declared route is served', async () => {
    const declared = adminDeclarations.map(key);
    expect(declared.length).toBeGreaterThan(20);
    expect(new Set(declared).size).toBe(declared.length);

    const sim = await simulator();
    const served = adminRoutes(sim.registry)
      .routes.filter((r) => r.method !== 'ALL') // the closing 404
      .map((r) => `${r.method} ${r.path}`);
    expect([...served].sort()).toEqual([...declared].sort());
    // The console serves its pages only; nothing of the control plane's JSON routes.
    const console = consoleRoutes(sim.registry, { sessions: new ConsoleSessions(), tokenRequired: false });
    expect(console.routes.filter((r) => !r.path.startsWith('/console'))).toEqual([]);

    // Each declaration, called: its own handler answers (not the closing 404), with a status it documents.
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'walk' } });
    const walked = [...adminDeclarations].sort(
      (a, b) => Number(a.operationId === 'deleteAccount') - Number(b.operationId === 'deleteAccount'),
    );
    for (const d of walked) {
      const res = await callRoute(sim, d, 'walk');
      expect(res.body?.error ?? '', d.operationId).not.toMatch(ROUTE_MISSING);
      expect(documented(d), `${d.operationId} answered ${res.status}`).toContain(res.status);
      expect(res.status, d.operationId).toBeLessThan(500);
    }
  });

  it('every route on a named account answers 400 to a name that is not a DNS label, and documents it', async () => {
    const sim = await simulator();
    const onAccount = adminDeclarations.filter((d) => d.path.startsWith('/accounts/{name}'));
    expect(onAccount.length).toBeGreaterThan(15);
    for (const d of onAccount) {
      const res = await callRoute(sim, d, 'Not_A_Name');
      expect([res.status, res.body.error], d.operationId).toEqual([
        400,
        expect.stringMatching(/^invalid account name/),
      ]);
      expect(documented(d), d.operationId).toContain(400);
    }
  });

  it('every read of a named account answers 404 to an unknown name, and documents it', async () => {
    const sim = await simulator();
    const reads = adminDeclarations.filter((d) => d.method === 'GET' && d.path.startsWith('/accounts/{name}'));
    expect(reads.length).toBeGreaterThan(5);
    for (const d of reads) {
      const res = await callRoute(sim, d, 'nobody-here');
      expect([res.status, res.body], d.operationId).toEqual([404, { error: "no account 'nobody-here'" }]);
      expect(documented(d), d.operationId).toContain(404);
    }
    expect(sim.registry.get('nobody-here')).toBeUndefined();
  });

  it('the journal stream answers each status it documents: 200, 400, 404, 429 past the streams of an account, and 503 when it would create the default account past --max-accounts', async () => {
    const stream = adminDeclarations.find((d) => d.operationId === 'streamRequests')!;
    expect(documented(stream).sort()).toEqual([200, 400, 401, 403, 404, 429, 503]);
    const sim = await simulator({ maxAccounts: 1 });
    const ok = await callRoute(sim, stream, 'demo');
    expect([ok.status, ok.body]).toEqual([200, expect.stringMatching(/^event: reset\n/)]);
    expect((await callRoute(sim, stream, 'Bad_Name')).status).toBe(400);
    expect((await callRoute(sim, stream, 'nobody-here')).status).toBe(404);
    // The 503 of too many streams in all: test/admin/journal-isolation.test.ts.
    const open: Response[] = [];
    for (let i = 0; i < 8; i++)
      open.push(await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/demo/requests/stream')));
    expect(open.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await callRoute(sim, stream, 'demo')).status).toBe(429);
    for (const r of open) await r.body!.cancel();
    expect((await call(sim, '/__admin/accounts/demo', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'other' } })).status).toBe(201);
    const full = await callRoute(sim, stream, 'demo');
    expect([full.status, full.body.error]).toEqual([503, expect.stringContaining('1')]);
  });

  it('a write to a new name past --max-accounts answers 503, as the writes on a named account document', async () => {
    const sim = await simulator({ maxAccounts: 1 });
    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'the-one' } })).status).toBe(201);
    const writes = adminDeclarations.filter(
      (d) => d.method !== 'GET' && d.path.startsWith('/accounts/{name}') && d.resolvesAccount !== false,
    );
    expect(writes.length).toBeGreaterThan(10);
    for (const d of writes) {
      const res = await callRoute(sim, d, 'one-too-many');
      expect(res.status, d.operationId).toBe(503);
      expect(documented(d), d.operationId).toContain(503);
    }
  });

  it('every body example in the document is a body its route accepts', () => {
    const examples = adminDeclarations.filter((d) => d.body?.example !== undefined);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const d of examples) {
      expect(d.body!.schema.safeParse(d.body!.example).error, d.operationId).toBeUndefined();
    }
  });

  it("each declaration documents exactly its path's route segments", () => {
    const withSegments = adminDeclarations.filter((d) => d.path.includes('{'));
    expect(withSegments.length).toBeGreaterThan(15);
    for (const d of adminDeclarations) {
      const segments = [...d.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(d.route ?? {}), d.operationId).toEqual(segments);
    }
  });

  it('operation ids are unique', () => {
    const ids = adminDeclarations.map((d) => d.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a control-plane path with no route answers 404 in the control-plane error form, not the API one', async () => {
    const sim = await simulator();
    for (const [method, path] of [
      ['GET', '/__admin/nowhere'],
      ['PUT', '/__admin/accounts'],
      ['POST', '/__admin/health'],
      ['GET', '/__admin'],
    ] as const) {
      const res = await call(sim, path, { method });
      expect([res.status, res.body], `${method} ${path}`).toEqual([
        404,
        { error: `no control-plane route ${method} ${path}` },
      ]);
    }
  });
});
