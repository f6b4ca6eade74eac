import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP, parseCli } from '../../src/cli-options.js';
import { ensureBuilt, runCli } from './process.js';

// The version shown is the installed package's own, read from its package.json when the CLI runs.

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));

beforeAll(() => ensureBuilt());

describe('version', () => {
  it('--version and -v print the version of package.json and exit 0, before any other check', () => {
    for (const flag of ['--version', '-v']) {
      const out = runCli([flag, '--host', '0.0.0.0']);
      expect(out.status).toBe(0);
      expect(out.stdout).toBe(`${manifest.version}\n`);
    }
    expect(parseCli(['--version'], {})).toBe('version');
  });

  it('--help names the version on its first line and lists --version', () => {
    expect(HELP.split('\n')[0]).toBe(
      `business-api-sim ${manifest.version}: a stateful simulator of the Business API (v2)`,
    );
    expect(HELP).toMatch(/^ {2}-v, --version +Print the version and exit$/m);
  });
});
