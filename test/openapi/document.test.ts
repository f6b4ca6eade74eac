import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { endpoints } from '../../src/endpoints.js';
import { generateOpenApi } from '../../src/openapi-write/generate.js';
import { call, simulator } from '../helpers.js';
import { responseProblems } from './response-validator.js';

const root = path.resolve(import.meta.dirname, '../..');
const committed = (file: string) => readFileSync(path.join(root, 'openapi', file), 'utf8');
const doc = JSON.parse(committed('openapi.json'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  it('the committed files equal a fresh generation (run `npm run openapi` after changing an endpoint)', async () => {
    const fresh = await generateOpenApi();
    expect(committed('openapi.json')).toBe(fresh.json);
    expect(committed('openapi.yaml')).toBe(fresh.yaml);
    expect(parse(fresh.yaml)).toEqual(JSON.parse(fresh.json));
  }, 60_000);

  it('covers exactly the routes the simulator serves', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    const served = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(documented.sort()).toEqual(served.sort());
  });

  it('is OpenAPI 3.1 with the bearer scheme, absent on the four credential endpoints and replaced by ServiceApiKey on version 1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.ServiceApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'ServiceApiKey',
    });
    for (const e of endpoints) {
      const op = doc.paths[e.path][e.method.toLowerCase()];
      if (e.auth === 'none') expect(op.security, e.operationId).toEqual([]);
      else if (e.auth === 'apiKey')
        expect([op.security, op.deprecated], e.operationId).toEqual([[{ ServiceApiKey: [] }], true]);
      else expect(op.security, e.operationId).toBeUndefined();
    }
    expect(doc.servers[0].url).toBe('https://{account}.{host}');
  });

  it('marks required-by-name parameters required and gives optional ones their defaults', () => {
    const packages = doc.paths['/api/v2/packages'].get.parameters;
    expect(packages.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ['siteId', true],
      ['itemState', true],
      ['find', true],
    ]);
    const services = doc.paths['/api/v2/services'].get.parameters;
    const itemState = services.find((p: { name: string }) => p.name === 'itemState');
    expect(itemState.required).toBe(false);
    expect(itemState.schema.default).toBe('Active');
    expect(itemState.schema.oneOf).toEqual([
      { type: 'string', enum: ['All', 'Active', 'Inactive'] },
      { type: 'integer', enum: [0, 1, 2] },
    ]);
    expect(services.find((p: { name: string }) => p.name === 'showPackageServices').schema.default).toBe(false);
  });

  it('documents the 403 plain-text reasons and the 429 JSON string on business endpoints', () => {
    const forbidden = doc.components.responses.Forbidden.content['text/plain'].schema.enum;
    expect(forbidden).toContain('Unauthorized - Invalid end-point.');
    expect(doc.components.responses.Throttled.content['application/json'].schema.const).toBe(
      'Your request has been throttled. Please try again in 2 minutes.',
    );
    expect(doc.paths['/api/v2/services'].get.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('every example answer is valid against its own schema', () => {
    let checked = 0;
    for (const e of endpoints) {
      const media = doc.paths[e.path][e.method.toLowerCase()].responses['200'].content?.['application/json'];
      if (media?.example === undefined) continue;
      const url = `http://127.0.0.1${e.path.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000001')}`;
      expect(responseProblems(e.method, url, 200, 'application/json', JSON.stringify(media.example))).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe('the served document', () => {
  it('GET /openapi.json serves the document with this simulator as its first server', async () => {
    const sim = await simulator();
    const res = await call(sim, '/openapi.json', { host: 'acme.localhost:4010' });
    expect(res.status).toBe(200);
    const served = res.body;
    expect(served.servers[0].url).toBe('http://acme.localhost:4010');
    expect(served.paths).toEqual(doc.paths);
  });

  it('GET /openapi.yaml serves the committed YAML', async () => {
    const sim = await simulator();
    const res = await call(sim, '/openapi.yaml');
    expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(res.text).toBe(committed('openapi.yaml'));
  });
});
