import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { ADMIN_JSON, ADMIN_YAML } from '../openapi/files.js';

// The control plane's own OpenAPI document: the committed openapi/admin.{json,yaml} (a test keeps
// them equal to a fresh generation), read once. The JSON lists this simulator as its first server.

export function adminDocumentRoutes(admin: Hono): void {
  let json: Promise<Record<string, unknown>> | undefined;
  let yaml: Promise<string> | undefined;
  admin.get('/openapi.json', async (c) => {
    json ??= readFile(ADMIN_JSON, 'utf8').then((t) => JSON.parse(t) as Record<string, unknown>);
    const doc = await json;
    const servers = [
      { url: new URL(c.req.url).origin, description: 'This simulator.' },
      ...((doc.servers as unknown[]) ?? []),
    ];
    return c.json({ ...doc, servers });
  });
  admin.get('/openapi.yaml', async (c) => {
    yaml ??= readFile(ADMIN_YAML, 'utf8');
    return c.body(await yaml, 200, { 'content-type': 'application/yaml; charset=utf-8' });
  });
}
