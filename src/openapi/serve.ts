import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { OPENAPI_JSON, OPENAPI_YAML } from './files.js';

// A committed document (a test keeps it equal to a fresh generation), read once. The served JSON
// lists the simulator's own origin as its first server, so "try it" tools call the simulator.

/** GET /openapi.json and /openapi.yaml on `routes`, from the committed files. */
export function serveDocument(routes: Hono, files: { json: string; yaml: string }, thisServer: string): void {
  let json: Promise<Record<string, unknown>> | undefined;
  let yaml: Promise<string> | undefined;
  routes.get('/openapi.json', async (c) => {
    json ??= readFile(files.json, 'utf8').then((t) => JSON.parse(t) as Record<string, unknown>);
    const doc = await json;
    const servers = [
      { url: new URL(c.req.url).origin, description: thisServer },
      ...((doc.servers as unknown[]) ?? []),
    ];
    return c.json({ ...doc, servers });
  });
  routes.get('/openapi.yaml', async (c) => {
    yaml ??= readFile(files.yaml, 'utf8');
    return c.body(await yaml, 200, { 'content-type': 'application/yaml; charset=utf-8' });
  });
}

/** The API's document. */
export function openApiRoutes(): Hono {
  const routes = new Hono();
  serveDocument(routes, { json: OPENAPI_JSON, yaml: OPENAPI_YAML }, 'This simulator (default account).');
  return routes;
}
