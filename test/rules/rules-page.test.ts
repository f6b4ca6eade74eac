import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RELAXABLE_SOURCES,
  RULE_SOURCES,
  relaxability,
  ruleHeaderValue,
  rulesInHeader,
} from '../../src/errors/rules.js';
import { rulesPage } from '../../src/openapi-write/rules-page.js';
import { RULES, ruleWithId } from '../../src/rules.js';

// The rule declarations themselves: one per id, each with its text, source and evidence, and
// docs/rules.md made from them.

const root = path.resolve(import.meta.dirname, '..', '..');

describe('rule declarations', () => {
  it('docs/rules.md is the page the declarations make (run `npm run openapi` after changing a rule)', () => {
    const page = readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
    expect(page).toBe(rulesPage());
  });

  it('every rule has a stable dotted id, a text, a source of the vocabulary and its evidence', () => {
    expect(RULES.length).toBeGreaterThan(40);
    for (const rule of RULES) {
      expect(rule.id, rule.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(RULE_SOURCES, rule.id).toContain(rule.source);
      expect(rule.text.length, rule.id).toBeGreaterThan(10);
      expect(rule.evidence.length, rule.id).toBeGreaterThan(10);
      expect(ruleWithId(rule.id)).toBe(rule);
    }
  });

  it('only an assumed or conventional rule says why it stays fixed; a spec, client or vendor rule is never relaxable', () => {
    const fixed = RULES.filter((r) => r.fixed !== undefined);
    expect(fixed.length).toBeGreaterThan(0);
    for (const rule of fixed) expect(RELAXABLE_SOURCES.has(rule.source), rule.id).toBe(true);
    for (const rule of RULES.filter((r) => !RELAXABLE_SOURCES.has(r.source))) {
      expect(relaxability(rule).ok, rule.id).toBe(false);
    }
    expect(RULES.some((r) => relaxability(r).ok)).toBe(true);
  });

  it('the rule header names each rule once with its source, and reads back', () => {
    const [a, b] = RULES;
    const value = ruleHeaderValue([a!, b!, a!]);
    expect(value).toBe(`${a!.id}; source=${a!.source}, ${b!.id}; source=${b!.source}`);
    expect(rulesInHeader(value)).toEqual([
      { id: a!.id, source: a!.source },
      { id: b!.id, source: b!.source },
    ]);
    expect(rulesInHeader(null)).toEqual([]);
  });
});
