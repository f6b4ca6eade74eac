import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { build, exampleOf, type FuzzWorld, fuzzWorld, toRequest } from './support.js';

// `find` is compared as text (contains or starts-with), never compiled into a pattern, so
// pattern-like or very long search text costs no more than any other text.

let fw: FuzzWorld;
beforeAll(async () => {
  fw = await fuzzWorld();
});

const adversarial = [
  '(a+)+$',
  '(.*a){20}',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '[',
  '\\',
  '*',
  `${'a'.repeat(50_000)}!`,
  `${'(a|a)'.repeat(5_000)}b`,
];
const withFind = endpoints.filter((e) => Object.keys(e.query ?? {}).some((n) => n.toLowerCase() === 'find'));

describe('adversarial find values answer a documented 200 within a second on every endpoint with find', () => {
  it('the table has find endpoints in both versions', () => {
    expect(withFind.some((e) => e.auth === 'bearer')).toBe(true);
    expect(withFind.some((e) => e.auth === 'apiKey')).toBe(true);
  });

  it.each(withFind.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_, endpoint) => {
    const name = Object.keys(endpoint.query!).find((n) => n.toLowerCase() === 'find')!;
    for (const value of adversarial) {
      const built = build(endpoint, exampleOf(endpoint, fw), fw.token, { kind: 'badValue', name, value });
      const started = performance.now();
      const res = await fw.sim.fetch(toRequest(built));
      const ms = performance.now() - started;
      expect(res.status, `${value.slice(0, 40)}: ${await res.text()}`).toBe(200);
      expect(ms, value.slice(0, 40)).toBeLessThan(1000);
    }
  });
});

describe('no request text is compiled into a regular expression', () => {
  it('src builds no RegExp from a variable', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const found = files.flatMap((f) =>
      readFileSync(path.join(root, f), 'utf8')
        .split('\n')
        .filter((line) => /new RegExp\(|RegExp\(/.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
