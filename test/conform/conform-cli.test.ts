import { beforeAll, describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli-options.js';
import { ensureBuilt, runCli } from '../cli/process.js';

// `conform` as a subcommand of the built CLI: its help, and its usage errors with exit code 2.

beforeAll(() => ensureBuilt());

describe('business-api-sim conform on the command line', () => {
  it('conform --help prints the command help and exits 0; the main --help points to it', () => {
    const help = runCli(['conform', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: business-api-sim conform --base-url <url>');
    expect(HELP).toContain('business-api-sim conform --help');
  });

  it('conform with a bad flag exits 2 with the message and the help text', () => {
    const out = runCli(['conform', '--base-url', 'http://127.0.0.1:9', '--client-id', 'x']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('--client-id and --secret are required');
    expect(out.stderr).toContain('Usage: business-api-sim conform');
  });
});
