import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_KINDS } from '../../src/field-sources.js';
import { answerTypes, fieldsPage } from '../../src/openapi-write/fields-page.js';
import { call, simulator } from '../helpers.js';

// Where each answer field comes from: every property of every answer type in the document says so
// (`x-source`, with `x-source-reason` where it is not the spec), and docs/fields.md lists the same.

const root = path.resolve(import.meta.dirname, '../..');
const doc = JSON.parse(readFileSync(path.join(root, 'openapi', 'openapi.json'), 'utf8'));

type Property = Record<string, unknown>;
const properties = (schema: Record<string, unknown>) =>
  Object.entries((schema.properties ?? {}) as Record<string, Property>);

describe('where each answer field comes from', () => {
  it('every property of every answer type carries x-source, and x-source-reason exactly when it is not spec', () => {
    const types = answerTypes(doc);
    expect(types.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let fields = 0;
    for (const { name, schema } of types) {
      for (const [field, property] of properties(schema)) {
        fields++;
        const kind = property['x-source'];
        const reason = property['x-source-reason'];
        if (!SOURCE_KINDS.includes(kind as never)) problems.push(`${name}.${field}: x-source ${String(kind)}`);
        else if (kind === 'spec' && reason !== undefined) problems.push(`${name}.${field}: a reason on a spec field`);
        else if (kind !== 'spec' && (typeof reason !== 'string' || reason.trim() === ''))
          problems.push(`${name}.${field}: ${kind} without a reason`);
      }
    }
    expect(fields).toBeGreaterThan(400);
    expect(problems).toEqual([]);
  });

  it('docs/fields.md is the page the committed document makes (run `npm run openapi` after changing an answer)', () => {
    const page = readFileSync(path.join(root, 'docs', 'fields.md'), 'utf8');
    expect(page).toBe(fieldsPage(doc));
    expect(page).toContain('### AvailableTime\n');
  });

  it('the served document says an available time carries its employees and resources, as a real client reads them', async () => {
    const sim = await simulator();
    const res = await call(sim, '/openapi.json');
    expect(res.status).toBe(200);
    const served = res.body as typeof doc;
    const availableTime = served.components.schemas.AvailableTime.properties;
    expect(availableTime.Start['x-source']).toBe('spec');
    expect(availableTime.Employees['x-source']).toBe('client');
    expect(availableTime.Employees['x-source-reason']).toMatch(/Employees\[i\]/);
    const siteRow = served.components.schemas.SiteList.properties;
    expect(siteRow.Country['x-source']).toBe('client');
  });
});
