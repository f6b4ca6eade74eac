import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// Layers point one way: accounts/ (store, persistence, ids, clock, journal, throttle) at the bottom,
// the areas above it, http/ and the control plane on top; no import cycle, type imports included.

const SRC = path.resolve(import.meta.dirname, '../../src');

/** The relative import specifiers of every .ts file under a folder of src/. */
function importsOf(folder: string): { file: string; spec: string }[] {
  const dir = path.join(SRC, folder);
  const out: { file: string; spec: string }[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      out.push({
        file: `${folder}/${name}`,
        spec: path.relative(SRC, path.resolve(path.dirname(path.join(dir, name)), m[1]!)),
      });
    }
  }
  return out;
}

const into = (imports: { file: string; spec: string }[], folders: string[]) =>
  imports
    .filter(({ spec }) => folders.some((f) => spec.startsWith(`${f}/`)))
    .map(({ file, spec }) => `${file} -> ${spec}`);

describe('layers', () => {
  it('accounts/ imports nothing from http/, webhooks/ or scenarios/', () => {
    expect(into(importsOf('accounts'), ['http', 'webhooks', 'scenarios'])).toEqual([]);
  });

  it('http/ does not import scenarios/', () => {
    expect(into(importsOf('http'), ['scenarios'])).toEqual([]);
  });

  it('src/ has no import cycle, type imports included (madge --circular --extensions ts src)', async () => {
    const graph = await madge(SRC, { fileExtensions: ['ts'], detectiveOptions: { ts: { skipTypeImports: false } } });
    expect(graph.circular()).toEqual([]);
    // Every module was read (a madge that finds nothing finds no cycle either).
    const modules = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    expect(Object.keys(graph.obj()).length).toBe(modules.length);
  }, 60_000);
});
