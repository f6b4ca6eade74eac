import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli, stopCli } from '../cli/process.js';
import { installTarball, npm, npmUnusable, pack, root } from './consumer.js';

// The package as an integrator gets it: `npm pack`, then the tarball installed into a fresh project
// (offline from the npm cache, or from the registry when the cache cannot serve it).

const unusable = npmUnusable();
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;

let dir: string;
let files: string[];
let app: string;
let child: CliProcess | undefined;

/** Every package.json in the consumer's node_modules (scoped packages included). */
function installedManifests(): Array<{ name: string; scripts?: Record<string, string> }> {
  const modules = path.join(app, 'node_modules');
  const names = readdirSync(modules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(path.join(modules, n)).map((m) => `${n}/${m}`) : [n]));
  return names.map((n) => JSON.parse(readFileSync(path.join(modules, n, 'package.json'), 'utf8')));
}

describe.skipIf(unusable !== undefined)(
  `installing the package from a tarball${unusable ? ` (skipped: npm is unusable here: ${unusable})` : ''}`,
  () => {
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'sim-install-'));
      const packed = pack(dir);
      files = packed.files;
      app = path.join(dir, 'app');
      installTarball(app, packed.tarball);
    }, 180_000);
    afterAll(async () => {
      await stopCli(child);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('the tarball holds the build, the OpenAPI document, the scenarios, README and LICENSE; no sources or maps', () => {
      for (const f of ['dist/cli.js', 'dist/index.js', 'dist/index.d.ts', 'openapi/openapi.json', 'LICENSE'])
        expect(files).toContain(f);
      expect(files).toContain('scenarios/expired-token.yaml');
      expect(files).toContain('dist/docs/swagger-ui/swagger-ui-bundle.js');
      expect(files.filter((f) => /^(src|test|bench|scripts|fixtures)\/|\.map$|^dist\/\./.test(f))).toEqual([]);
    });

    it('a consumer tree has no install scripts and no @scarf/scarf analytics', () => {
      // npm runs `prepare` of a dependency only for a source other than the registry: here the tarball.
      const runs = (m: { name: string }) => [
        'preinstall',
        'install',
        'postinstall',
        ...(m.name === 'business-api-simulator' ? ['prepare'] : []),
      ];
      const withScripts = installedManifests().filter((m) => runs(m).some((s) => m.scripts?.[s]));
      expect(withScripts.map((m) => m.name)).toEqual([]);
      const ls = npm(['ls', '@scarf/scarf', '--all', '--json'], app);
      expect(JSON.parse(ls.stdout).dependencies).toBeUndefined();
      expect(existsSync(path.join(app, 'node_modules/@scarf'))).toBe(false);
    });

    it('the kit imports by the package name and answers a request in process', () => {
      const script = `import { startSimulator } from 'business-api-simulator';
const sim = await startSimulator({ listen: false, size: 'small' });
const account = await sim.createAccount();
const sites = await account.call('/api/v2/sites');
console.log(JSON.stringify({ status: sites.status, count: sites.body.length }));
await sim.stop();
`;
      writeFileSync(path.join(app, 'kit.mjs'), script);
      const out = spawnSync(process.execPath, ['kit.mjs'], { cwd: app, encoding: 'utf8', timeout: 30_000 });
      expect(out.stderr).toBe('');
      const answer = JSON.parse(out.stdout);
      expect(answer.status).toBe(200);
      expect(answer.count).toBeGreaterThan(0);
    });

    it('business-api-sim --version prints the package version, also through npx', () => {
      const bin = path.join(app, 'node_modules/.bin/business-api-sim');
      expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(version);
      expect(npm(['exec', '--offline', '--', 'business-api-sim', '--version'], app).stdout.trim()).toBe(version);
    });

    it('the installed CLI starts, answers /__admin/health and serves the docs page with its files', async () => {
      const cli = path.join(app, 'node_modules/business-api-simulator/dist/cli.js');
      child = await startCli(['--port', '0'], {}, cli);
      expect((await fetch(`${child.base}/__admin/health`)).status).toBe(200);
      const page = await (await fetch(`${child.base}/docs`)).text();
      const bundle = /src="(\/docs\/swagger-ui-bundle\.js\?v=[0-9a-f]+)"/.exec(page);
      expect(bundle).not.toBeNull();
      expect((await fetch(`${child.base}${bundle![1]}`)).status).toBe(200);
    });
  },
);
