import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { startSimulator } from '../../src/index.js';
import { MAX_SCENARIO_BYTES } from '../../src/scenarios/load.js';
import { type Answer, call, simulator } from '../helpers.js';

// A scenario named by path is read from the scenario directory only (`--scenario-dir`, default the
// shipped scenarios/): inside it once symlinks are resolved, a regular file, at most 1 MiB. Every
// refusal is a 400 JSON error naming the rule.

const VALID =
  'description: A scenario from the scenario directory.\naccount: { seed: 7, size: small, now: ' +
  '2026-03-16T09:00:00Z }\n';

let root: string;
let dir: string;
let outside: string;
let sim: Simulator;

beforeEach(async () => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'scenario-dir-')));
  dir = path.join(root, 'scenarios');
  outside = path.join(root, 'elsewhere');
  mkdirSync(dir);
  mkdirSync(outside);
  sim = await simulator({ scenarioDir: dir });
});

const write = (file: string, text: string) => {
  writeFileSync(file, text);
  return file;
};
const apply = (scenario: string, on: Simulator = sim): Promise<Answer> =>
  call(on, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });
const seedOf = (on: Simulator = sim) => on.registry.get('demo')!.settings.seed;

describe('scenario directory', () => {
  it('a scenario file inside the scenario directory applies, by a path relative to it or absolute', async () => {
    const file = write(path.join(dir, 'mine.yaml'), VALID);
    const relative = await apply('mine.yaml');
    expect(relative).toMatchObject({ status: 200, body: { seed: 7, scenario: 'mine.yaml' } });
    mkdirSync(path.join(dir, 'nested'));
    write(
      path.join(dir, 'nested', 'deeper.json'),
      JSON.stringify({ description: 'JSON in a folder.', account: { seed: 9 } }),
    );
    expect(await apply('nested/deeper.json')).toMatchObject({ status: 200, body: { seed: 9 } });
    expect(await apply(file)).toMatchObject({ status: 200, body: { seed: 7 } });
  });

  it('scenario path outside the scenario directory is refused', async () => {
    const file = write(path.join(outside, 'theirs.yaml'), VALID);
    // A path outside is refused whether or not a file is there, so a caller cannot probe for one.
    for (const reference of [
      file,
      '../elsewhere/theirs.yaml',
      '/etc/passwd',
      '../../../../etc/hostname',
      '../elsewhere/missing.yaml',
    ]) {
      const res = await apply(reference);
      expect(res.status, reference).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.error, reference).toBe(
        `${reference}: scenario file must be inside the scenario directory ${dir}`,
      );
    }
    expect(seedOf()).toBe(42);
  });

  it('a symlink in the scenario directory cannot lead outside it', async () => {
    symlinkSync(write(path.join(outside, 'target.yaml'), VALID), path.join(dir, 'link.yaml'));
    symlinkSync(outside, path.join(dir, 'linked-dir'));
    for (const reference of ['link.yaml', 'linked-dir/target.yaml']) {
      const res = await apply(reference);
      expect(res.status, reference).toBe(400);
      expect(res.body.error).toContain('scenario file must be inside the scenario directory');
    }
    symlinkSync(write(path.join(dir, 'real.yaml'), VALID), path.join(dir, 'inner-link.yaml'));
    expect((await apply('inner-link.yaml')).status).toBe(200);
  });

  it('scenario file over 1 MiB is refused; one of exactly 1 MiB is read', async () => {
    const padded = (bytes: number) => `${VALID + '#'.repeat(bytes - Buffer.byteLength(VALID) - 1)}\n`;
    write(path.join(dir, 'big.yaml'), padded(MAX_SCENARIO_BYTES + 1));
    const refused = await apply('big.yaml');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('big.yaml: scenario file must be at most 1 MiB (1048576 bytes)');
    write(path.join(dir, 'limit.yaml'), padded(MAX_SCENARIO_BYTES));
    expect((await apply('limit.yaml')).status).toBe(200);
  });

  it('a scenario path that is not a regular file is refused', async () => {
    mkdirSync(path.join(dir, 'folder.yaml'));
    const references = ['folder.yaml', '.'];
    if (spawnSync('mkfifo', [path.join(dir, 'pipe.yaml')]).status === 0) references.push('pipe.yaml');
    for (const reference of references) {
      const res = await apply(reference);
      expect(res.status, reference).toBe(400);
      expect(res.body.error).toBe(`${reference}: scenario file must be a regular file`);
    }
  });

  it('a missing scenario file is a 400 naming the directory', async () => {
    const res = await apply('not-there.yaml');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(`not-there.yaml: no such scenario file in ${dir}`);
  });

  it('shipped scenario names work whatever the scenario directory is', async () => {
    expect(await apply('expired-token')).toMatchObject({ status: 200, body: { scenario: 'expired-token' } });
  });

  it('POST /__admin/accounts with a scenario path outside the scenario directory is refused and creates nothing', async () => {
    const file = write(path.join(outside, 'theirs.yaml'), VALID);
    const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme', scenario: file } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: `${file}: scenario file must be inside the scenario directory ${dir}` },
    });
    expect(sim.registry.get('acme')).toBeUndefined();
  });

  it('reset re-reads a scenario file under the same rules, after a restart too', async () => {
    const data = path.join(root, 'data');
    const first = await simulator({ scenarioDir: dir, dataDir: data });
    write(path.join(dir, 'mine.yaml'), VALID);
    expect((await apply('mine.yaml', first)).status).toBe(200);
    // A restart keeps only the reference; meanwhile the file became a link to a file elsewhere.
    const restarted = await simulator({ scenarioDir: dir, dataDir: data });
    rmSync(path.join(dir, 'mine.yaml'));
    symlinkSync(write(path.join(outside, 'mine.yaml'), VALID), path.join(dir, 'mine.yaml'));
    const reset = await call(restarted, '/__admin/accounts/demo/reset', { method: 'POST' });
    expect(reset).toMatchObject({
      status: 400,
      body: { error: `mine.yaml: scenario file must be inside the scenario directory ${dir}` },
    });
  });

  it('the server option builds the default account from a file in the scenario directory, and refuses one outside it', async () => {
    write(path.join(dir, 'start.yaml'), VALID);
    expect(seedOf(await simulator({ scenarioDir: dir, scenario: 'start.yaml' }))).toBe(7);
    const file = write(path.join(outside, 'start.yaml'), VALID);
    await expect(simulator({ scenarioDir: dir, scenario: file })).rejects.toThrow(
      `scenario file must be inside the scenario directory ${dir}`,
    );
    await expect(simulator({ scenarioDir: path.join(root, 'missing') })).rejects.toThrow(
      `scenario directory ${path.join(root, 'missing')}: no such directory`,
    );
  });

  it('by default the scenario directory is the shipped scenarios/ folder', async () => {
    const plain = await simulator();
    expect((await apply('expired-token.yaml', plain)).status).toBe(200);
    const refused = await apply(write(path.join(dir, 'mine.yaml'), VALID), plain);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/scenario file must be inside the scenario directory .*scenarios$/);
  });

  it('the test kit takes scenarioDir and applies files from it', async () => {
    write(path.join(dir, 'kit.yaml'), VALID);
    const kit = await startSimulator({ listen: false, size: 'small', scenarioDir: dir });
    try {
      const account = await kit.createAccount({ scenario: 'kit.yaml' });
      expect((await account.clock.now()).toISOString().slice(0, 10)).toBe('2026-03-16');
      await expect(account.applyScenario(path.join(outside, 'x.yaml'))).rejects.toThrow(
        /400 .*must be inside the scenario directory/,
      );
    } finally {
      await kit.stop();
    }
  });
});
