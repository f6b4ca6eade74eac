// Builds dist/: compiles src/ with TypeScript, bundles the CLI into dist/cli.js and copies the Swagger
// UI files the docs page serves.
//
// Usage: node scripts/build.js [--if-stale | --pack]
//   (none)      compile (incrementally) and copy: `npm run build`
//   --if-stale  do nothing when dist/ is newer than every input and holds no build of a deleted
//               source: `npm start`, `prepare` and `npm test`
//   --pack      for `prepack`: keep dist/ when it is up to date and holds nothing but the build of
//               today's sources; otherwise remove it and build from scratch
//
// The CLI is one bundle (dist/cli.js, its dependencies included, with lazily loaded parts in
// dist/cli-chunks/): Node loads one file instead of some 340 modules, which halves the time to the
// first answer. The library (dist/index.js, the kit) stays TypeScript's output, module by module.
//
// The Swagger UI files are copied from the swagger-ui-dist dev dependency, so a consumer's install
// needs neither that package nor the install script of its analytics dependency.

import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { restoreManifest } from './pack-manifest.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');
/** Written by a build that succeeded, with the time it started. */
const STAMP = path.join(DIST, '.build-stamp');
const TSBUILDINFO = path.join(DIST, '.tsbuildinfo');
/** Where src/docs/docs-page.ts looks for the Swagger UI files, next to dist/docs/docs-page.js. */
const ASSETS = path.join(DIST, 'docs', 'swagger-ui');
/** The Swagger UI files the docs page serves (PACKAGE_FILES in src/docs/docs-page.ts), and their licence. */
const SWAGGER_FILES = ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];
const SWAGGER_LICENCE = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt'];
/** The CLI as TypeScript emits it (src/cli-program.ts), the bundle's input. */
const CLI_PROGRAM = path.join(DIST, 'cli-program.js');
/** The bundle, its chunks and the licences of the packages bundled into them. */
const CLI_BUNDLE = 'cli.js';
const CLI_CHUNKS = 'cli-chunks';
const CLI_LICENCES = 'cli.js.LICENSE.txt';
/** Everything a build reads besides src/. */
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.js'];

const { values: flags } = parseArgs({
  options: { 'if-stale': { type: 'boolean', default: false }, pack: { type: 'boolean', default: false } },
  strict: true,
});

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/** The newest modification time under a directory, directories included (a deleted file changes its directory). */
function newest(dir) {
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function isStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  const inputs = INPUTS.map((f) => path.join(ROOT, f)).filter((f) => existsSync(f));
  return Math.max(newest(SRC), ...inputs.map((f) => statSync(f).mtimeMs)) > built;
}

/** A compiled file in dist/ whose source is gone (TypeScript never removes one). */
function orphans() {
  return filesUnder(DIST)
    .filter((f) => /\.(js|d\.ts)(\.map)?$/.test(f) && !f.startsWith('docs/swagger-ui/'))
    .filter((f) => f !== CLI_BUNDLE && !f.startsWith(`${CLI_CHUNKS}/`))
    .filter((f) => !existsSync(path.join(SRC, f.replace(/\.map$/, '').replace(/(\.d)?\.ts$|\.js$/, '.ts'))));
}

function hasOrphans() {
  return orphans().length > 0;
}

/** The build of a source since deleted or moved is removed, so dist/ holds what the sources make and nothing else. */
function removeOrphans() {
  for (const f of orphans()) rmSync(path.join(DIST, f), { force: true });
}

/**
 * Stops with a plain message when a tool the build needs is not installed. They are dev
 * dependencies: a fresh clone has none of them until `npm ci`, and `npm pack` (prepack) or
 * `npm start` there would otherwise end in a module-not-found stack trace.
 */
function checkBuildTools() {
  const resolver = createRequire(import.meta.url);
  const found = (resolve) => {
    try {
      resolve();
      return true;
    } catch {
      return false;
    }
  };
  const missing = [
    ['typescript', () => resolver.resolve('typescript/bin/tsc')],
    ['rolldown', () => import.meta.resolve('rolldown')],
    ['swagger-ui-dist', () => resolver.resolve('swagger-ui-dist/package.json')],
  ].filter(([, resolve]) => !found(resolve));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name).join(', ');
  console.error(
    `business-api-simulator: cannot build dist/: the dev dependencies are not installed (missing: ${names}).\n` +
      'Run `npm ci` in this checkout first, then run the command again (npm pack, npm start or npm run build).',
  );
  process.exit(1);
}

function compile() {
  // TypeScript is a dev dependency: present in a checkout and while a git install is prepared.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Incremental: after a small change only what it touches is compiled again (the state lives in dist/).
  const args = ['-p', path.join(ROOT, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', TSBUILDINFO];
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function bundleCli() {
  // Rolldown is a dev dependency, like TypeScript.
  const { build } = await import('rolldown');
  rmSync(path.join(DIST, CLI_CHUNKS), { recursive: true, force: true });
  const { output } = await build({
    input: CLI_PROGRAM,
    platform: 'node',
    logLevel: 'warn',
    output: { dir: DIST, format: 'esm', entryFileNames: CLI_BUNDLE, chunkFileNames: `${CLI_CHUNKS}/[name]-[hash].js` },
  });
  writeFileSync(
    path.join(DIST, CLI_LICENCES),
    licences(output.flatMap((o) => (o.type === 'chunk' ? o.moduleIds : []))),
  );
}

/**
 * The licence of every package bundled into the CLI, from its own package.json and licence file.
 * @param {string[]} moduleIds the bundled modules' paths
 */
function licences(moduleIds) {
  const roots = new Set();
  for (const id of moduleIds) {
    const at = id.lastIndexOf('/node_modules/');
    if (at < 0) continue;
    const rest = id.slice(at + '/node_modules/'.length).split('/');
    roots.add(id.slice(0, at + '/node_modules/'.length) + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/'));
  }
  const texts = [...roots].sort().map((root) => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const file = readdirSync(root).find((f) => /^licen[cs]e/i.test(f));
    const text = file ? readFileSync(path.join(root, file), 'utf8').trim() : `License: ${manifest.license}`;
    return `${manifest.name}@${manifest.version} (${manifest.license})\n\n${text}\n`;
  });
  return `dist/cli.js bundles these packages:\n\n${texts.join(`\n${'-'.repeat(72)}\n\n`)}`;
}

function copySwaggerUi() {
  const from = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  mkdirSync(ASSETS, { recursive: true });
  for (const name of [...SWAGGER_FILES, ...SWAGGER_LICENCE]) {
    copyFileSync(path.join(from, name), path.join(ASSETS, name));
  }
}

restoreManifest();
const stale = isStale();
if (flags['if-stale'] && !stale && !hasOrphans()) process.exit(0);
if (flags.pack && !stale && !hasOrphans()) process.exit(0);
checkBuildTools();
if (flags.pack) rmSync(DIST, { recursive: true, force: true });
rmSync(STAMP, { force: true });
// The stamp takes the time the build started: a source saved while it ran makes the next start build again.
const started = new Date();
compile();
removeOrphans();
await bundleCli();
copySwaggerUi();
writeFileSync(STAMP, `${started.toISOString()}\n`);
utimesSync(STAMP, started, started);
