import { describe, expect, it } from 'vitest';
import { honoPath } from '../../src/admin/admin-route.js';
import { adminDeclarations } from '../../src/admin/declarations.js';
import { adminRoutes } from '../../src/admin/router.js';
import { consoleRoutes } from '../../src/console/router.js';
import { ConsoleSessions } from '../../src/console/sessions.js';
import { call, simulator } from '../helpers.js';

// openapi/admin.json is generated from the declarations, so a route without one would be missing
// from it, and a declaration without a route would document a call that answers 404.

describe('control-plane declarations', () => {
  it('every route the control-plane router serves has a declaration, and every declaration a route', async () => {
    const sim = await simulator();
    const console = consoleRoutes(sim.registry, { sessions: new ConsoleSessions(), tokenRequired: false });
    const served = [...adminRoutes(sim.registry).routes, ...console.routes]
      .filter((r) => r.method !== 'ALL') // middleware and the closing 404
      .filter((r) => !r.path.startsWith('/console')) // the console's pages are for a browser, not in the document
      .map((r) => `${r.method} ${r.path}`);
    const declared = adminDeclarations.map((d) => `${d.method} ${honoPath(d)}`);
    expect([...new Set(served)].sort()).toEqual([...declared].sort());
  });

  it('every body example in the document is a body its route accepts', () => {
    const examples = adminDeclarations.filter((d) => d.body?.example !== undefined);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const d of examples) {
      expect(d.body!.schema.safeParse(d.body!.example).error, d.operationId).toBeUndefined();
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
