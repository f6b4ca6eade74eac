import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyProgram } from '../../bench/lib/haproxy.js';

// HAProxy's own check of a configuration, and the sections of one, for the tests of deploy/.

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const HAPROXY_CFG = path.join(ROOT, 'deploy/haproxy.cfg');

/** The HAProxy binary, when one is installed (.ci/run installs Debian's). */
export const HAPROXY = haproxyProgram();

/** `haproxy -c -f <file>`: its exit code and what it printed. */
export function haproxyCheck(file: string, env: NodeJS.ProcessEnv = {}): { status: number | null; output: string } {
  const run = spawnSync(HAPROXY!, ['-c', '-f', file], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * The section `<keyword> <name>` of an HAProxy configuration: its lines up to the next section, trailing blanks and
 * comments left out.
 */
export function haproxySection(text: string, key: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === key && /^[a-z]/.test(line));
  if (start < 0) throw new Error(`no section '${key}'`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^[a-z]/.test(line));
  const body = [lines[start]!, ...(end < 0 ? rest : rest.slice(0, end))];
  while (body.length > 0 && /^\s*(#.*)?$/.test(body.at(-1)!)) body.pop();
  return body.join('\n');
}

export const readText = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
