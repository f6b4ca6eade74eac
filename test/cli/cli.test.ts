import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../../src/cli-options.js';
import { type CliProcess, ensureBuilt, runCli, startCli, stopCli } from './process.js';

// The built CLI, as `npm start` runs it.
let child: CliProcess | undefined;

beforeAll(() => ensureBuilt());
afterEach(async () => {
  await stopCli(child);
  child = undefined;
});

describe('command line', () => {
  it('--help lists every flag', () => {
    const out = runCli(['--help']);
    expect(out.status).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--seed',
      '--now',
      '--rate-limit',
      '--size',
      '--data-dir',
      '--no-auto-accounts',
      '--scenario',
      '--scenario-dir',
      '--admin-token',
      '--journal-size',
      '--journal-memory',
      '--delivery-log-size',
    ]) {
      expect(out.stdout).toContain(flag);
    }
  });

  it('a bad flag exits with code 2, the usage error and where the options are, and no stack', () => {
    const out = runCli(['--port', 'abc']);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/^business-api-sim: --port: .*\nRun 'business-api-sim --help' for the options\.\n$/);
  });

  // What a bad flag prints is the usage error of the options' parsing (the spawn above shows how it
  // ends the process), checked here without a process per flag.
  it.each([
    [['--rate-limit', 'sometimes'], '--rate-limit'],
    [['--size', 'huge'], '--size'],
    [['--now', 'yesterday'], '--now'],
    [['--seed', '-1'], '--seed'],
    [['--colour'], 'colour'],
    [['--journal-size', '-5'], '--journal-size'],
    [['--delivery-log-size', 'lots'], '--delivery-log-size'],
    [['--scenario-dir', ''], '--scenario-dir'],
    [['--journal-memory', '0'], '--journal-memory'],
  ])('bad flags %j are a usage error naming the flag (exit code 2, as above)', (args, named) => {
    expect(() => parseCli(args, {})).toThrow(UsageError);
    expect(() => parseCli(args, {})).toThrow(named);
  });

  it('a negative number for a flag says what is wrong: the flag and the range it takes, exit code 2', () => {
    const out = runCli(['--max-accounts=-1']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("--max-accounts: expected a whole number from 1 to 100000, got '-1'");
    expect(() => parseCli(['--max-accounts', '-1'], {})).toThrow(
      "--max-accounts: expected a whole number from 1 to 100000, got '-1'",
    );
    expect(() => parseCli(['--journal-memory', '-64'], {})).toThrow(
      "--journal-memory: expected a whole number from 1 to 65536, got '-64'",
    );
  });

  it('account clock bounds: --now more than 10 years from real time exits 2 naming the bound; --help states it', () => {
    const year = 365.25 * 86_400_000;
    for (const now of [new Date(Date.now() + 10 * year + 60_000), new Date(Date.now() - 10 * year - 60_000)].map((d) =>
      d.toISOString(),
    )) {
      const out = runCli(['--port', '0', '--now', now]);
      expect(out.status).toBe(2);
      expect(out.stderr).toContain(
        `--now: '${now}' is too far from real time: the account clock must stay within 10 years of real time`,
      );
    }
    expect(runCli(['--help']).stdout).toMatch(
      /--now <ISO 8601> +Initial virtual time of new accounts, within 10 years of real time/,
    );
  });

  it('--scenario with a bad file exits 2 with the scenario error naming file, path and problem, and no stack', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-scenario-'));
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(file, 'description: Bad state.\naccount:\n  size: huge\n');
    const out = runCli(['--port', '0', '--scenario-dir', dir, '--scenario', file]);
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe(`business-api-sim: ${file}: account.size: expected one of small|standard|large`);
  });

  it('--scenario with a misspelt record field exits 2 naming the file, the record and the closest field', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-scenario-field-'));
    const file = path.join(dir, 'typo.yaml');
    writeFileSync(
      file,
      'description: A voucher with a misspelt number.\nrecords:\n  vouchers:\n' +
        '    - SiteId: e33a58dc-7dc0-439a-a29c-437e7d7a5444\n      VoucherNumbr: GV-TYPO-0001\n',
    );
    const out = runCli(['--port', '0', '--scenario-dir', dir, '--scenario', file]);
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe(
      `business-api-sim: ${file}: records.vouchers[0].VoucherNumbr: no field VoucherNumbr in a vouchers record; ` +
        'did you mean VoucherNumber?',
    );
  });

  it('--scenario path outside the scenario directory is refused: exit code 2 naming the rule', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-scenario-dir-'));
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'cli-elsewhere-'));
    const file = path.join(elsewhere, 'theirs.yaml');
    writeFileSync(file, 'description: A state from outside the scenario directory.\n');
    for (const args of [
      ['--scenario-dir', dir, '--scenario', file],
      ['--scenario', file],
    ]) {
      const out = runCli(['--port', '0', ...args]);
      expect(out.status).toBe(2);
      expect(out.stderr).toContain(`${file}: scenario file must be inside the scenario directory `);
      expect(out.stderr).not.toContain('    at ');
    }
  });

  it('--scenario takes a relative path from --scenario-dir, and a --scenario-dir that is not a directory exits 2', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-scenario-dir-'));
    writeFileSync(path.join(dir, 'bad.yaml'), 'description: Bad state.\naccount:\n  size: huge\n');
    const relative = runCli(['--port', '0', '--scenario-dir', dir, '--scenario', 'bad.yaml']);
    expect(relative.status).toBe(2);
    expect(relative.stderr.trim()).toBe(
      'business-api-sim: bad.yaml: account.size: expected one of small|standard|large',
    );
    const missing = runCli(['--port', '0', '--scenario-dir', path.join(dir, 'missing')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe(
      `business-api-sim: scenario directory ${path.join(dir, 'missing')}: no such directory`,
    );
    expect(parseCli(['--scenario-dir', dir], {})).toMatchObject({ scenarioDir: dir });
  });

  it('--scenario with an unknown name exits 2 and lists the shipped scenarios', () => {
    const out = runCli(['--port', '0', '--scenario', 'no-such-scenario']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('no-such-scenario: no such scenario file');
    expect(out.stderr).toContain('expired-token');
  });

  it('--journal-size and --delivery-log-size set the per-account log sizes', () => {
    expect(parseCli(['--journal-size', '50', '--delivery-log-size', '0'], {})).toMatchObject({
      journalSize: 50,
      deliveryLogSize: 0,
    });
    expect(parseCli([], {})).not.toHaveProperty('journalSize');
  });

  it('PORT in the environment sets the port, --port wins', () => {
    expect(parseCli([], { PORT: '5000' })).toMatchObject({ port: 5000 });
    expect(parseCli(['--port', '6000'], { PORT: '5000' })).toMatchObject({ port: 6000 });
  });

  it('on start it prints the base URL, the default account, its credential and a curl example that works', async () => {
    child = await startCli(['--port', '0', '--size', 'small']);
    const out = child.output();
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    expect(out).toContain('demo-client');
    expect(out).toContain('demo-secret');
    expect(out).toContain('default account: demo');
    const curl = /curl .*/.exec(out)![0];
    expect(curl).toContain(`${base}/api/v2/token`);
    const res = await fetch(`${base}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
    });
    expect(res.status).toBe(200);
  });

  it('on start it prints the console and docs addresses, and both serve their pages', async () => {
    child = await startCli(['--port', '0', '--size', 'small']);
    const out = child.output();
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    expect(out).toContain(`\n  console:         ${base}/__admin/console\n`);
    expect(out).toContain(`\n  docs:            ${base}/docs\n`);
    for (const page of ['/__admin/console', '/docs']) {
      const res = await fetch(`${base}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });
});
