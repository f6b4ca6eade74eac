import type { Hono } from 'hono';
import { ADMIN_JSON, ADMIN_YAML } from '../openapi/files.js';
import { serveDocument } from '../openapi/serve.js';

/** The control plane's own OpenAPI document, served as the API's is. */
export function adminDocumentRoutes(admin: Hono): void {
  serveDocument(admin, { json: ADMIN_JSON, yaml: ADMIN_YAML }, 'This simulator.');
}
