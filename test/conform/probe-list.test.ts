import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeDoc } from '../../src/conform/probe-doc.js';
import { allProbes } from '../../src/conform/probes/probe-list.js';

// The probe library: at least one probe per operation of the OpenAPI document, 150 or more in all, and the
// committed probe list is the generated one.

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('conform probe library', () => {
  it('has at least one probe for every operationId of openapi/openapi.json, and at least 150 in all', () => {
    const document = JSON.parse(readFileSync(path.join(ROOT, 'openapi/openapi.json'), 'utf8'));
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).flatMap((o) => o.operationId ?? []),
    );
    const probed = new Set(allProbes().map((p) => p.operation));
    expect(ids.length).toBeGreaterThanOrEqual(120);
    expect(ids.filter((id) => !probed.has(id))).toEqual([]);
    expect(allProbes().length).toBeGreaterThanOrEqual(150);
  });

  it('probes are read-only unless marked as writes: every write method probe not marked writes sends no valid credential', () => {
    const writing = allProbes().filter((p) => !p.writes);
    const ids = { now: Date.now(), siteId: '11111111-2222-4333-8444-555555555555', created: {} };
    let checked = 0;
    for (const p of writing) {
      const request = p.build(ids);
      if (!request || request.method === 'GET') continue;
      checked++;
      // A write method with the caller's own authentication must be one that cannot write: a missing name,
      // a malformed or unknown id, an empty cart, a query over availability, or a credential endpoint.
      const harmless =
        request.auth !== 'token' && request.auth !== 'apikey'
          ? request.auth !== 'credential' || p.operation === 'issueToken'
          : /without '|malformed|does not exist|no cart items|availab|validateCart/.test(p.name + p.operation);
      expect({ probe: p.name, harmless }).toEqual({ probe: p.name, harmless: true });
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('docs/conform-probes.md is the generated probe list (npm run conform:probes)', () => {
    expect(readFileSync(path.join(ROOT, 'docs/conform-probes.md'), 'utf8')).toBe(probeDoc());
  });
});
