import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { packagePath } from '../package-root.js';

// The API reference at /docs: Swagger UI rendering /openapi.json. Every byte comes from the simulator
// (machines running it may be offline), so no CDN and no Swagger validator badge.

/** Where app.ts mounts these routes; the page links its assets absolutely so `/docs` and `/docs/` both work. */
const BASE = '/docs';

// Only what the page loads (scripts/build.js copies the same list into dist/).
// BaseLayout (Swagger UI's default) needs just the bundle: the standalone preset
// adds a top bar whose URL box would invite loading other documents, so it is left out.
const PACKAGE_FILES = ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

// A file, not an inline script, so the page runs under a CSP without 'unsafe-inline'.
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
  validatorUrl: null, // otherwise Swagger UI sends the document to validator.swagger.io
});
`;

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  png: 'image/png',
};

// connect-src 'self' lets the browser itself enforce "no other host"; data: images are Swagger UI's inline icons.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Assets {
  files: Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>;
  /** Content hash in the asset URLs, so they can be cached for good and still change with an upgrade. */
  version: string;
}

let cached: Assets | undefined;

/**
 * The build copies the files into dist/docs/swagger-ui/, so an installed package needs no
 * swagger-ui-dist; in a checkout that was never built they are read from that dev dependency.
 */
function assetsDirectory(): string {
  const built = packagePath('dist', 'docs', 'swagger-ui');
  if (existsSync(join(built, PACKAGE_FILES[0]!))) return built;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** Read on first use, once per process: simulators created by tests that never open /docs pay nothing. */
function assets(): Assets {
  if (cached) return cached;
  const dir = assetsDirectory();
  const hash = createHash('sha256');
  const files = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>();
  const add = (name: string, body: Uint8Array<ArrayBuffer>) => {
    hash.update(name).update(body);
    files.set(name, { body, type: TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream' });
  };
  for (const name of PACKAGE_FILES) add(name, new Uint8Array(readFileSync(join(dir, name))));
  add('init.js', new TextEncoder().encode(INIT_JS));
  cached = { files, version: hash.digest('hex').slice(0, 12) };
  return cached;
}

function page(version: string): string {
  const asset = (name: string) => `${BASE}/${name}?v=${version}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Business API simulator — API reference</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="stylesheet" href="${asset('index.css')}">
<link rel="icon" type="image/png" sizes="32x32" href="${asset('favicon-32x32.png')}">
<link rel="icon" type="image/png" sizes="16x16" href="${asset('favicon-16x16.png')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js')}"></script>
</body>
</html>
`;
}

export function docsRoutes(): Hono {
  const docs = new Hono();

  const html = () => {
    const { version } = assets();
    return new Response(page(version), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // The page names the asset versions, so it must be revalidated.
        'cache-control': 'no-cache',
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      },
    });
  };
  docs.get('/', html);

  // `{.*}` so that this sub-app also owns `/docs/` (empty name: the page) and deeper paths (404).
  // A plain lookup in a fixed map: names with `/`, `..` or anything else not listed are 404.
  docs.get('/:file{.*}', (c) => {
    const name = c.req.param('file');
    if (name === '') return html();
    const file = assets().files.get(name);
    if (!file) return c.notFound();
    return c.body(file.body, 200, {
      'content-type': file.type,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  return docs;
}
