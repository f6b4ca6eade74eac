import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** `npm pack` of this checkout into `dir` (prepack builds dist/ unless it is up to date): the tarball and its files. */
export function pack(dir: string): { tarball: string; files: string[] } {
  const out = npm(['pack', '--json', '--pack-destination', dir], root);
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
