import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

// A consumer's project made of the packed simulator: `npm pack` of this checkout, then an install of
// the tarball into a fresh project, as an integrator does it.

export const root = path.resolve(import.meta.dirname, '../..');

/** npm's own settings without the ones `npm test` exports to its children (they name this checkout). */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name) || name === 'INIT_CWD') delete env[name];
  return env;
}

export function npm(args: string[], cwd: string) {
  return spawnSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv(), timeout: 120_000 });
}

/** Why npm cannot be used here, or undefined when it can. */
export function npmUnusable(): string | undefined {
  const out = npm(['--version'], root);
  if (out.error) return out.error.message;
  return out.status === 0 ? undefined : `npm --version exited with ${out.status}`;
}

export interface PackedFile {
  path: string;
}

/** What `npm pack` reads: the packed files and what prepack needs to tell whether dist/ is up to date. */
const CHECKOUT = ['package.json', 'package-lock.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json'];
const CHECKOUT_DIRS = ['scripts', 'src', 'dist', 'openapi', 'scenarios'];

/** Gives the copied directories their originals' times (a copy keeps only the files' times). */
function keepDirectoryTimes(from: string, to: string): void {
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) keepDirectoryTimes(path.join(from, entry.name), path.join(to, entry.name));
  }
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

/**
 * `npm pack` of a copy of this checkout (times kept, so prepack finds dist/ as up to date as here and
 * builds only if it is not) into `dir`: the tarball and its files. A copy, because a pack rewrites
 * package.json while it runs, and other test files read this checkout's.
 */
export function pack(dir: string): { tarball: string; files: string[] } {
  const copy = path.join(dir, 'checkout');
  for (const entry of [...CHECKOUT, ...CHECKOUT_DIRS]) {
    if (existsSync(path.join(root, entry))) {
      cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, preserveTimestamps: true });
    }
  }
  keepDirectoryTimes(path.join(root, 'src'), path.join(copy, 'src'));
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  const out = npm(['pack', '--json', '--pack-destination', dir], copy);
  if (out.status !== 0) throw new Error(`npm pack failed: ${out.stderr}`);
  // Lifecycle scripts print before the JSON.
  const json = JSON.parse(out.stdout.slice(out.stdout.indexOf('[')));
  return { tarball: path.join(dir, json[0].filename), files: json[0].files.map((f: PackedFile) => f.path) };
}

/**
 * A lockfile for the consumer holding this package's production dependencies at the versions of
 * its own lockfile: npm then needs only tarballs, which the npm cache holds after `npm ci`, and no
 * registry metadata, so the install works offline.
 */
function seededLock(spec: string) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [manifest.name]: spec } },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: spec,
      license: manifest.license,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [key, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>)) {
    if (key !== '' && !entry.dev) packages[key] = entry;
  }
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

/**
 * Installs the tarball into a fresh project in `dir`: offline first, from the registry when the
 * npm cache cannot serve it. Answers how it was installed.
 */
export function installTarball(dir: string, tarball: string): 'offline' | 'registry' {
  mkdirSync(dir, { recursive: true });
  const spec = `file:${path.relative(dir, tarball)}`;
  const manifest = {
    name: 'consumer',
    private: true,
    type: 'module',
    dependencies: { 'business-api-simulator': spec },
  };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(seededLock(spec), null, 2));
  const offline = npm(['install', '--offline', '--no-audit', '--no-fund', tarball], dir);
  if (offline.status === 0) return 'offline';
  rmSync(path.join(dir, 'package-lock.json'), { force: true });
  rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
  const online = npm(['install', '--no-audit', '--no-fund', tarball], dir);
  if (online.status !== 0)
    throw new Error(`npm install failed offline (${offline.stderr}) and online (${online.stderr})`);
  return 'registry';
}
