import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { OPENAPI_JSON, OPENAPI_YAML } from './files.js';

// The committed document (a test keeps it equal to a fresh generation), read once. The served copy
// lists the simulator's own origin as its first server, so "try it" tools call the simulator.

export function openApiRoutes(): Hono {
  const routes = new Hono();
  let json: Promise<Record<string, unknown>> | undefined;
  let yaml: Promise<string> | undefined;
  const document = () =>
    (json ??= readFile(OPENAPI_JSON, 'utf8').then((t) => JSON.parse(t) as Record<string, unknown>));

  routes.get('/openapi.json', async (c) => {
    const doc = await document();
    const servers = [
      { url: new URL(c.req.url).origin, description: 'This simulator (default account).' },
      ...((doc.servers as unknown[]) ?? []),
    ];
    return c.json({ ...doc, servers });
  });
  routes.get('/openapi.yaml', async (c) => {
    yaml ??= readFile(OPENAPI_YAML, 'utf8');
    return c.body(await yaml, 200, { 'content-type': 'application/yaml; charset=utf-8' });
  });
  return routes;
}
