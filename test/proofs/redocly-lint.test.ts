import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Proof that the committed documents (the API's and the control plane's) pass Redocly's lint
// (recommended ruleset, redocly.yaml at the root) with no error and no warning, run offline:
// telemetry and the update check are off, and a preload makes any outgoing connection fail loudly,
// so a request the CLI would make shows up in its stderr.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const NO_NETWORK =
  'data:text/javascript,import net from "node:net"; net.Socket.prototype.connect = function (o) {' +
  ' process.stderr.write("NETWORK-ATTEMPT " + JSON.stringify(o) + "\\n"); throw new Error("no network in tests"); };';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}
interface LintResult {
  code: number;
  stderr: string;
  report: { totals: { errors: number; warnings: number }; problems: Problem[] };
}

function lint(file: string): Promise<LintResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', NO_NETWORK, CLI, 'lint', file, '--format=json'],
      {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        timeout: 20_000,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        try {
          resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr, report: JSON.parse(stdout) });
        } catch {
          reject(new Error(`redocly printed no JSON report:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

const describeProblem = (p: Problem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;

describe('redocly lint', () => {
  it.each(['openapi/openapi.yaml', 'openapi/openapi.json', 'openapi/admin.yaml', 'openapi/admin.json'])(
    'passes %s with no error, no warning and no network request',
    async (file) => {
      const { code, stderr, report } = await lint(file);
      expect(stderr).not.toContain('NETWORK-ATTEMPT');
      expect(report.problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
      expect(report.problems.map(describeProblem)).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(code).toBe(0);
    },
  );
});
