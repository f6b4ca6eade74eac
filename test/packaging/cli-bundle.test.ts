import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The CLI `npm test` built: one bundle, so a start loads a handful of files instead of some 340 modules.

const dist = path.resolve(import.meta.dirname, '../../dist');
const manifest = JSON.parse(readFileSync(path.resolve(dist, '../package.json'), 'utf8'));
const chunks = readdirSync(path.join(dist, 'cli-chunks')).map((f) => `cli-chunks/${f}`);
/** The specifiers a built file imports statically or dynamically. */
const importsOf = (file: string) =>
  [...readFileSync(path.join(dist, file), 'utf8').matchAll(/(?:^import .*?from |\bimport\()\s*["']([^"']+)["']/gm)].map(
    (m) => m[1]!,
  );

describe('the CLI bundle', () => {
  it('dist/cli.js and its chunks import only Node built-ins and one another', () => {
    const bundle = new Set(['cli.js', ...chunks]);
    const outside = [...bundle].flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith('node:'))
        .filter((spec) => !bundle.has(path.posix.join(path.posix.dirname(file), spec)))
        .map((spec) => `${file} -> ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('the world generator and the conform command load only when used', () => {
    expect(chunks.some((f) => /\/world-[\w-]+\.js$/.test(f))).toBe(true);
    expect(chunks.some((f) => /\/conform-command-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('the licence of every bundled dependency ships beside it', () => {
    const licences = readFileSync(path.join(dist, 'cli.js.LICENSE.txt'), 'utf8');
    for (const name of Object.keys(manifest.dependencies).filter((d) => d !== 'openapi3-ts')) {
      expect(licences, name).toMatch(new RegExp(`^${name.replace('/', '\\/')}@\\d+\\.\\d+\\.\\d+ \\(`, 'm'));
    }
  });
});
