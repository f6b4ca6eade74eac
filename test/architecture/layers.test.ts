import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { diagram, EXCEPTIONS, groupOf, LAYERS, relativeImports, SRC, sourceFiles } from './layer-table.js';

// Layers point one way: each folder of src/ (and each group of the files at its top) imports only from
// the groups its line of the table in layer-table.ts lists, type imports included; no import cycle.

const ARCHITECTURE = path.resolve(SRC, '../docs/architecture.md');

describe('layers', () => {
  it('every file of src/ belongs to a group of the layer table', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => groupOf(f) === undefined)).toEqual([]);
  });

  it('the layer table lists each group once, and a group may import only from groups listed before it', () => {
    const seen: string[] = [];
    const problems: string[] = [];
    for (const layer of LAYERS) {
      if (seen.includes(layer.name)) problems.push(`${layer.name} listed twice`);
      for (const to of layer.may) if (!seen.includes(to)) problems.push(`${layer.name} may import ${to}, listed later`);
      seen.push(layer.name);
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('every relative import of src/ goes to a group its importer may import from, type imports included', () => {
    const may = new Map(LAYERS.map((l) => [l.name, new Set(l.may)]));
    const imports = relativeImports();
    expect(imports.length).toBeGreaterThan(500);
    const refused = imports
      .filter(({ from, to }) => {
        const a = groupOf(from)!;
        const b = groupOf(to);
        return a !== b && !(b !== undefined && may.get(a)!.has(b));
      })
      .filter(({ from, to }) => !EXCEPTIONS.some((e) => e.from === from && e.to === to))
      .map(({ from, to }) => `${from} -> ${to} (${groupOf(from)} may not import ${groupOf(to) ?? 'it'})`);
    expect(refused).toEqual([]);
  });

  it('every exception to the layer table is an import that still occurs', () => {
    const imports = relativeImports();
    const gone = EXCEPTIONS.filter((e) => !imports.some((i) => i.from === e.from && i.to === e.to));
    expect(EXCEPTIONS.every((e) => e.reason.length > 0)).toBe(true);
    expect(gone).toEqual([]);
  });

  it('the diagram of docs/architecture.md is the one the layer table gives', () => {
    const text = readFileSync(ARCHITECTURE, 'utf8');
    const block = /```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1];
    expect(block).toBe(diagram());
  });

  it('src/ has no import cycle, type imports included (madge --circular --extensions ts src)', async () => {
    const graph = await madge(SRC, { fileExtensions: ['ts'], detectiveOptions: { ts: { skipTypeImports: false } } });
    expect(graph.circular()).toEqual([]);
    // Every module was read (a madge that finds nothing finds no cycle either).
    expect(Object.keys(graph.obj()).length).toBe(sourceFiles().length);
  }, 60_000);
});
