import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/build.js and scripts/pack-manifest.js run on a one-file project of their own, so the
// checkout's dist/ is left alone.

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;

const FAKE_TSC = `const fs = require('node:fs');
const path = require('node:path');
const root = path.dirname(process.argv[process.argv.indexOf('-p') + 1]);
fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
for (const f of fs.readdirSync(path.join(root, 'src'))) {
  fs.copyFileSync(path.join(root, 'src', f), path.join(root, 'dist', f.replace(/\\.ts$/, '.js')));
}
`;

const build = (...flags: string[]) => {
  const out = spawnSync(process.execPath, [path.join(dir, 'scripts/build.js'), ...flags], { encoding: 'utf8' });
  expect(out.status, out.stderr + out.stdout).toBe(0);
};
const mtime = (file: string) => statSync(path.join(dir, file)).mtimeMs;
/** Moves a file's time into the past, so that a later write is surely newer. */
const age = (file: string) =>
  utimesSync(path.join(dir, file), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sim-build-'));
  mkdirSync(path.join(dir, 'scripts'));
  mkdirSync(path.join(dir, 'src'));
  for (const f of ['build.js', 'pack-manifest.js'])
    copyFileSync(path.join(root, 'scripts', f), path.join(dir, 'scripts', f));
  // The real Swagger UI files, and a stand-in for TypeScript that "compiles" src/x.ts to dist/x.js
  // (npm test compiles the real sources): the test is about what gets built when, not about tsc.
  mkdirSync(path.join(dir, 'node_modules/typescript/bin'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules/swagger-ui-dist'), path.join(dir, 'node_modules/swagger-ui-dist'));
  // The real bundler, bundling the stand-in CLI with a real package (yaml) into dist/cli.js.
  for (const pkg of ['rolldown', 'yaml'])
    symlinkSync(path.join(root, 'node_modules', pkg), path.join(dir, 'node_modules', pkg));
  writeFileSync(path.join(dir, 'node_modules/typescript/package.json'), '{"name":"typescript","version":"0.0.0"}');
  writeFileSync(path.join(dir, 'node_modules/typescript/bin/tsc'), FAKE_TSC);
  writeFileSync(path.join(dir, 'tsconfig.build.json'), '{}');
  writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(
    path.join(dir, 'src/cli-program.ts'),
    "import { a } from './a.js';\nimport { stringify } from 'yaml';\n" +
      "console.log(stringify({ a }).trim(), (await import('./later.js')).later);\n",
  );
  writeFileSync(path.join(dir, 'src/later.ts'), "export const later = 'later';\n");
  const manifest = { name: 'x', version: '1.0.0', type: 'module', scripts: { prepare: 'p', prepack: 'q' } };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('build script', () => {
  it('builds dist/ with the docs page files; --if-stale builds nothing until a source is newer', () => {
    build();
    expect(existsSync(path.join(dir, 'dist/a.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist/docs/swagger-ui/swagger-ui-bundle.js'))).toBe(true);
    age('dist/a.js');
    const before = mtime('dist/a.js');
    build('--if-stale');
    expect(mtime('dist/a.js')).toBe(before);
    writeFileSync(path.join(dir, 'src/b.ts'), 'export const b = 2;\n');
    build('--if-stale');
    expect(existsSync(path.join(dir, 'dist/b.js'))).toBe(true);
  });

  it('bundles the CLI into dist/cli.js, lazily imported modules into dist/cli-chunks/, with the licences', () => {
    build();
    const bundle = readFileSync(path.join(dir, 'dist/cli.js'), 'utf8');
    // One file: the package and the sibling module are inside it; only the lazy import stays apart.
    expect(bundle).not.toMatch(/^import .*from ['"](yaml|\.\/a\.js)['"]/m);
    expect(readdirSync(path.join(dir, 'dist/cli-chunks'))).toEqual([expect.stringMatching(/^later-.*\.js$/)]);
    const run = spawnSync(process.execPath, [path.join(dir, 'dist/cli.js')], { encoding: 'utf8' });
    expect(run.stdout).toBe('a: 1 later\n');
    const licences = readFileSync(path.join(dir, 'dist/cli.js.LICENSE.txt'), 'utf8');
    expect(licences).toMatch(/^yaml@\d+\.\d+\.\d+ \(ISC\)\n\nCopyright Eemeli Aro/m);
  });

  it('a rebuild leaves no chunk of an earlier bundle behind', () => {
    writeFileSync(path.join(dir, 'src/later.ts'), "export const later = 'changed';\n");
    build();
    expect(readdirSync(path.join(dir, 'dist/cli-chunks'))).toHaveLength(1);
    const run = spawnSync(process.execPath, [path.join(dir, 'dist/cli.js')], { encoding: 'utf8' });
    expect(run.stdout).toBe('a: 1 changed\n');
  });

  it('a build removes the build of a deleted source, --if-stale too; --pack keeps an up-to-date dist/ and rebuilds one holding such a file', () => {
    build('--pack');
    expect(existsSync(path.join(dir, 'dist/b.js'))).toBe(true);
    rmSync(path.join(dir, 'src/b.ts'));
    build('--if-stale');
    expect(existsSync(path.join(dir, 'dist/b.js'))).toBe(false);
    expect(existsSync(path.join(dir, 'dist/b.d.ts'))).toBe(false);
    expect(existsSync(path.join(dir, 'dist/a.js'))).toBe(true);
    // A dist/ an earlier build left a file in that no source makes (as one before this rule did):
    // --if-stale builds then too, and --pack.
    writeFileSync(path.join(dir, 'dist/gone.js'), '');
    build('--if-stale');
    expect(existsSync(path.join(dir, 'dist/gone.js'))).toBe(false);
    writeFileSync(path.join(dir, 'dist/gone.js'), '');
    build('--pack');
    expect(existsSync(path.join(dir, 'dist/gone.js'))).toBe(false);
    expect(existsSync(path.join(dir, 'dist/a.js'))).toBe(true);
  });

  it('without the dev dependencies (a fresh clone) it says to run npm ci, with no stack trace, and leaves dist/ alone', () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'sim-build-bare-'));
    try {
      mkdirSync(path.join(bare, 'scripts'));
      mkdirSync(path.join(bare, 'src'));
      mkdirSync(path.join(bare, 'dist'));
      for (const f of ['build.js', 'pack-manifest.js'])
        copyFileSync(path.join(root, 'scripts', f), path.join(bare, 'scripts', f));
      writeFileSync(path.join(bare, 'src/a.ts'), 'export const a = 1;\n');
      writeFileSync(path.join(bare, 'dist/kept.js'), '');
      writeFileSync(path.join(bare, 'package.json'), '{"name":"x","version":"1.0.0","type":"module"}\n');
      const out = spawnSync(process.execPath, [path.join(bare, 'scripts/build.js'), '--pack'], { encoding: 'utf8' });
      expect(out.status).toBe(1);
      expect(out.stderr).toContain(
        'the dev dependencies are not installed (missing: typescript, rolldown, swagger-ui-dist)',
      );
      expect(out.stderr).toContain('Run `npm ci` in this checkout first');
      expect(out.stderr).not.toMatch(/Cannot find module|^\s+at /m);
      expect(existsSync(path.join(bare, 'dist/kept.js'))).toBe(true);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('a pack leaves out the prepare script and puts package.json back as it was', () => {
    const original = readFileSync(path.join(dir, 'package.json'), 'utf8');
    const run = (action: string) => spawnSync(process.execPath, [path.join(dir, 'scripts/pack-manifest.js'), action]);
    expect(run('strip').status).toBe(0);
    const packed = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(packed.scripts).toEqual({ prepack: 'q' });
    expect(run('restore').status).toBe(0);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(original);
    // A pack cut short before postpack: the next build puts the file back.
    expect(run('strip').status).toBe(0);
    build('--if-stale');
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(original);
  });
});
