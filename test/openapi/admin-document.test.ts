import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adminDeclarations } from '../../src/admin/declarations.js';
import { generateAdminOpenApi } from '../../src/openapi-write/generate.js';
import { call, simulator } from '../helpers.js';

const root = path.resolve(import.meta.dirname, '../..');
const committed = (file: string) => readFileSync(path.join(root, 'openapi', file), 'utf8');
const doc = JSON.parse(committed('admin.json'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe("the control plane's OpenAPI document", () => {
  it('the committed files equal a fresh generation (run `npm run openapi` after changing a declaration)', () => {
    const fresh = generateAdminOpenApi();
    expect(committed('admin.json')).toBe(fresh.json);
    expect(committed('admin.yaml')).toBe(fresh.yaml);
    expect(parse(fresh.yaml)).toEqual(JSON.parse(fresh.json));
  });

  it('documents exactly the declared routes, under /__admin', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    const declared = adminDeclarations.map((d) => `${d.method} /__admin${d.path}`);
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('the admin token is an optional bearer scheme; the health probe and the document need none', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ adminToken: [] }, {}]);
    const open = ['/__admin/health', '/__admin/openapi.json', '/__admin/openapi.yaml'];
    for (const p of open) expect(doc.paths[p].get.security, p).toEqual([]);
    expect(doc.paths['/__admin/accounts'].get.security).toBeUndefined();
    expect(doc.paths['/__admin/accounts'].get.responses['401']).toEqual({
      $ref: '#/components/responses/AdminUnauthorized',
    });
  });
});

describe('the served control-plane document', () => {
  it('GET /__admin/openapi.json serves the document with this simulator as its first server', async () => {
    const sim = await simulator();
    const res = await call(sim, '/__admin/openapi.json', { host: '127.0.0.1:4010' });
    expect(res.status).toBe(200);
    expect(res.body.servers[0].url).toBe('http://127.0.0.1:4010');
    expect(res.body.paths).toEqual(doc.paths);
  });

  it('the document is open: no admin token, and any Host', async () => {
    const sim = await simulator({ adminToken: 'admin-token-for-the-document' });
    for (const file of ['openapi.json', 'openapi.yaml']) {
      const res = await call(sim, `/__admin/${file}`, { host: 'simulator.example.com' });
      expect(res.status, file).toBe(200);
    }
    expect((await call(sim, '/__admin/accounts')).status).toBe(401);
    const local = await simulator();
    expect((await call(local, '/__admin/openapi.json', { host: 'rebound.example.com' })).status).toBe(200);
    expect((await call(local, '/__admin/accounts', { host: 'rebound.example.com' })).status).toBe(403);
  });

  it('GET /__admin/openapi.yaml serves the committed YAML', async () => {
    const res = await call(await simulator(), '/__admin/openapi.yaml');
    expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(res.text).toBe(committed('admin.yaml'));
  });
});
