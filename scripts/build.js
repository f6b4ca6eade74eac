// Builds dist/: compiles src/ with TypeScript and copies the Swagger UI files the docs page serves.
//
// Usage: node scripts/build.js [--if-stale] [--clean]
//   --if-stale  do nothing when dist/ is newer than every input (what `npm start` and `prepare` run)
//   --clean     remove dist/ first (what `prepack` runs, so a package never holds files of deleted sources)
//
// The Swagger UI files are copied from the swagger-ui-dist dev dependency, so a consumer's install
// needs neither that package nor the install script of its analytics dependency.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
/** Written last by a build that succeeded: its time is the build's. */
const STAMP = path.join(DIST, '.build-stamp');
const TSBUILDINFO = path.join(DIST, '.tsbuildinfo');
/** Where src/docs/docs-page.ts looks for the Swagger UI files, next to dist/docs/docs-page.js. */
const ASSETS = path.join(DIST, 'docs', 'swagger-ui');
/** The only Swagger UI files the docs page serves (keep in step with PACKAGE_FILES in src/docs/docs-page.ts). */
const SWAGGER_FILES = ['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];
/** Everything a build reads besides src/. */
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/build.js'];

const { values: flags } = parseArgs({
  options: { 'if-stale': { type: 'boolean', default: false }, clean: { type: 'boolean', default: false } },
  strict: true,
});

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
  return Math.max(newest(path.join(ROOT, 'src')), ...inputs.map((f) => statSync(f).mtimeMs)) > built;
}

function compile() {
  // TypeScript is a dev dependency: present in a checkout and in a git install's preparation.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Incremental: after a small change only what it touches is compiled again (the state lives in dist/).
  const args = ['-p', path.join(ROOT, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', TSBUILDINFO];
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function copySwaggerUi() {
  const from = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  mkdirSync(ASSETS, { recursive: true });
  for (const name of SWAGGER_FILES) copyFileSync(path.join(from, name), path.join(ASSETS, name));
  // Its licence and notice travel with the copied files (Apache-2.0).
  for (const name of ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt']) {
    copyFileSync(path.join(from, name), path.join(ASSETS, name));
  }
}

if (flags['if-stale'] && !flags.clean && !isStale()) process.exit(0);
if (flags.clean) rmSync(DIST, { recursive: true, force: true });
rmSync(STAMP, { force: true });
// The stamp takes the time the build started: a source saved while it ran makes the next start build again.
const started = new Date();
compile();
copySwaggerUi();
writeFileSync(STAMP, `${started.toISOString()}\n`);
utimesSync(STAMP, started, started);
