import { readFile } from 'node:fs/promises';
import { type Context, Hono } from 'hono';
import { OPENAPI_JSON, OPENAPI_YAML } from './files.js';

// A committed document (a test keeps it equal to a fresh generation), read once. The served JSON
// lists the simulator's own origin as its first server, so "try it" tools call the simulator.

/** The answers of GET /openapi.json and /openapi.yaml, from the committed files. */
export function documentAnswers(files: { json: string; yaml: string }, thisServer: string) {
  let json: Promise<Record<string, unknown>> | undefined;
  let yaml: Promise<string> | undefined;
  return {
    async json(c: Context): Promise<Response> {
      json ??= readFile(files.json, 'utf8').then((t) => JSON.parse(t) as Record<string, unknown>);
      const doc = await json;
      const servers = [
        { url: new URL(c.req.url).origin, description: thisServer },
        ...((doc.servers as unknown[]) ?? []),
      ];
      return c.json({ ...doc, servers });
    },
    async yaml(c: Context): Promise<Response> {
      yaml ??= readFile(files.yaml, 'utf8');
      return c.body(await yaml, 200, { 'content-type': 'application/yaml; charset=utf-8' });
    },
  };
}

/** The API's document. */
export function openApiRoutes(): Hono {
  const routes = new Hono();
  const answers = documentAnswers({ json: OPENAPI_JSON, yaml: OPENAPI_YAML }, 'This simulator (default account).');
  routes.get('/openapi.json', answers.json);
  routes.get('/openapi.yaml', answers.yaml);
  return routes;
}
