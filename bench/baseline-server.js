// The benchmark's baseline: a bare hono + @hono/node-server app with one route that answers a fixed
// body, read once from a file. It prints the same `listening on http://…` line as the simulator's
// CLI, so bench/run.js starts and times both the same way.
//
// Usage: node bench/baseline-server.js --body <file> [--port <n>] [--content-type <type>]
//   GET /api/v2/services (any query) → 200 with the file's bytes; every other path → 404.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    body: { type: 'string' },
    'content-type': { type: 'string', default: 'application/json; charset=utf-8' },
  },
  strict: true,
});

if (!values.body) {
  console.error('baseline-server: --body <file> is required');
  process.exit(2);
}

/** The exact bytes to answer, as the simulator sent them. */
const bytes = readFileSync(values.body);
const contentType = values['content-type'];

const app = new Hono();
app.get('/api/v2/services', (c) => c.body(bytes, 200, { 'content-type': contentType }));

const server = serve({ fetch: app.fetch, port: Number(values.port), hostname: values.host }, (info) => {
  console.log(`baseline listening on http://127.0.0.1:${info.port}`);
});

/** Closes the socket and exits; the benchmark sends SIGTERM to this process's PID. */
function stop() {
  server.close(() => process.exit(0));
  /** @type {{ closeAllConnections?: () => void }} */ (server).closeAllConnections?.();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
