import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateWorld, generateWorldInSlices } from '../../src/world/index.js';
import type { Steps } from '../../src/world/steps.js';
import { TODAY } from './fixtures.js';

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const ROOT = resolve(import.meta.dirname, '../..');

/** Transpiles src/world (and what it imports) to plain ESM in a temporary directory. */
function compileWorld(): string {
  const out = mkdtempSync(join(tmpdir(), 'world-'));
  const sources = [
    'src/datetime.ts',
    'src/random.ts',
    'src/order.ts',
    ...readdirSync(join(ROOT, 'src/world'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `src/world/${f}`),
  ];
  for (const file of sources) {
    const { outputText } = ts.transpileModule(readFileSync(join(ROOT, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const target = join(out, file.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  writeFileSync(join(out, 'package.json'), '{"type":"module"}');
  symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
  return out;
}

describe('determinism', () => {
  it('the same seed, size and today give an identical world, even after generating others', () => {
    const first = JSON.stringify(generateWorld({ seed: 7, size: 'standard', today: TODAY }));
    generateWorld({ seed: 8, size: 'small', today: '2024-10-27' });
    const second = JSON.stringify(generateWorld({ seed: 7, size: 'standard', today: TODAY }));
    expect(second).toBe(first);
  });

  it('a world generated in slices, beside others and with worlds made at once in its pauses, is identical', async () => {
    const atOnce = JSON.stringify(generateWorld({ seed: 7, size: 'standard', today: TODAY }));
    const other = JSON.stringify(generateWorld({ seed: 8, size: 'small', today: TODAY }));
    let made: string | undefined;
    /** Pauses after every step; in the middle of the first generation, makes a world at once. */
    const pausing = async <T>(steps: Steps<T>): Promise<T> => {
      for (let n = 0; ; n++) {
        const next = steps.next();
        if (next.done) return next.value;
        if (n === 500) made ??= JSON.stringify(generateWorld({ seed: 7, size: 'standard', today: TODAY }));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const [sliced, besides] = await Promise.all([
      generateWorldInSlices({ seed: 7, size: 'standard', today: TODAY }, pausing),
      generateWorldInSlices({ seed: 8, size: 'small', today: TODAY }, pausing),
    ]);
    expect(JSON.stringify(sliced)).toBe(atOnce);
    expect(JSON.stringify(besides)).toBe(other);
    expect(made).toBe(atOnce);
  });

  it('a different seed gives a different world', () => {
    const a = generateWorld({ seed: 1, size: 'small', today: TODAY });
    const b = generateWorld({ seed: 2, size: 'small', today: TODAY });
    expect(sha(a)).not.toBe(sha(b));
    expect(a.sites[0]?.SiteId).not.toBe(b.sites[0]?.SiteId);
    expect(a.clients.map((c) => c.LastName)).not.toEqual(b.clients.map((c) => c.LastName));
  });

  it('a fresh process generates the identical world', () => {
    const out = compileWorld();
    try {
      const script = `import { generateWorld } from './src/world/index.js';
        import { createHash } from 'node:crypto';
        const w = generateWorld({ seed: 11, size: 'small', today: '${TODAY}' });
        process.stdout.write(createHash('sha256').update(JSON.stringify(w)).digest('hex'));`;
      writeFileSync(join(out, 'hash.mjs'), script);
      const child = execFileSync(process.execPath, [join(out, 'hash.mjs')], { cwd: out, encoding: 'utf8' });
      expect(child).toBe(sha(generateWorld({ seed: 11, size: 'small', today: TODAY })));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 20_000);

  it('ids are lowercase version-4 GUIDs', () => {
    const w = generateWorld({ seed: 3, size: 'small', today: TODAY });
    const ids = [
      ...w.sites.map((s) => s.SiteId),
      ...w.clients.map((c) => c.ClientId),
      ...w.appointments.map((a) => a.AppointmentId),
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('src/world uses no unseeded randomness or wall clock', () => {
    for (const file of readdirSync(join(ROOT, 'src/world'))) {
      const text = readFileSync(join(ROOT, 'src/world', file), 'utf8');
      expect(text, file).not.toMatch(/Math\.random|Date\.now|new Date\(\s*\)|performance\.now/);
    }
  });

  it('rejects a today that is not a yyyy-MM-dd date', () => {
    expect(() => generateWorld({ seed: 1, size: 'small', today: '2025-02-30' })).toThrow();
    expect(() => generateWorld({ seed: 1, size: 'small', today: '2025-03-20 10:00' })).toThrow();
  });
});
