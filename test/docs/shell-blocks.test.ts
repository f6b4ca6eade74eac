import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';

// Every shell block of the README and of docs/ runs, as written, against a simulator the test starts
// (the built CLI), unless the line before it says why it is not run: `<!-- not run: <reason> -->`.
// The README's copy of the start banner is what the CLI prints.

const root = path.resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownUnder(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

const PAGES = ['README.md', ...markdownUnder('docs')];
/** Where the README's examples send their calls, and the CLI's banner names when started on 4010. */
const README_BASE = 'http://127.0.0.1:4010';
const NOT_RUN = /^<!-- not run: (\S.*\S) -->$/;

interface ShellBlock {
  page: string;
  line: number;
  code: string;
  /** Why it is not run, or undefined when it is. */
  notRun: string | undefined;
}

function shellBlocks(page: string): ShellBlock[] {
  const lines = readFileSync(path.join(root, page), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (['sh', 'bash', 'shell'].includes(open[1]!)) {
      let before = i - 1;
      while (before >= 0 && lines[before] === '') before--;
      const notRun = NOT_RUN.exec(lines[before] ?? '')?.[1];
      blocks.push({ page, line: i + 1, code: lines.slice(i + 1, end).join('\n'), notRun });
    }
    i = end;
  }
  return blocks;
}

/** Runs a block in bash with BASE set, in an empty directory; its exit code and both outputs. */
function runBlock(code: string, base: string, cwd: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', ['-c', code], {
      cwd,
      env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: cwd, BASE: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('close', (exit) => resolve({ code: exit, out, err }));
  });
}

const blocks = PAGES.flatMap(shellBlocks);
const run = blocks.filter((b) => b.notRun === undefined);
/** The pages with blocks to run, each page's blocks in their order (a later block may use what an earlier made). */
const runByPage = PAGES.map((page) => [page, run.filter((b) => b.page === page)] as const).filter(([, b]) => b.length);
const firstCalls = run.find((b) => b.page === 'README.md' && b.code.includes("j 'v.access_token'"))!;
const lockoutExit = run.find((b) => b.page === 'README.md' && b.code.includes('"advanceSeconds":121'))!;

let sim: CliProcess | undefined;
/** The base URL of an account of the default world without rate limiting, for the flows. */
let flows: string;
let cwd: string;

beforeAll(async () => {
  ensureBuilt();
  cwd = mkdtempSync(path.join(tmpdir(), 'readme-shell-'));
  sim = await startCli(['--port', '0']);
  // The blocks call the same endpoints within a second or two: they run on an account without a
  // rate limit. The default account keeps it, for the lockout.
  const created = await fetch(`${sim.base}/__admin/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'flows', rateLimit: false }),
  });
  expect(created.status).toBe(201);
  flows = `${sim.base}/accounts/flows`;
});

afterAll(async () => {
  await stopCli(sim);
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('shell blocks of the README and docs/', () => {
  it('each is run or says why not, and the flows are among those run', () => {
    expect(blocks.length).toBeGreaterThan(5);
    for (const b of blocks) expect(b.code.length, `${b.page}:${b.line}`).toBeGreaterThan(0);
    expect(firstCalls).toBeDefined();
    expect(lockoutExit).toBeDefined();
    expect(run.filter((b) => b.page === 'README.md').length).toBeGreaterThanOrEqual(3);
    expect(runByPage.map(([page]) => page)).toEqual(expect.arrayContaining(['README.md', 'docs/guides/sales.md']));
  });

  it('a flow (a block that carries values from one call to the next) stops at its first failed step', () => {
    const flows = run.filter((b) => /^[A-Z_]+=\$\(/m.test(b.code) && b.code.includes('curl'));
    expect(flows.length).toBeGreaterThanOrEqual(6);
    for (const b of flows) {
      const calls = b.code.split('\n').filter((line) => /(^|\$\(|\|\s*)curl /.test(line.trim()));
      for (const line of calls) {
        // An answer whose status the block prints itself (`-w '%{http_code}'`) is the point of that line.
        if (line.includes('%{http_code}')) continue;
        expect(line, `${b.page}:${b.line}`).toContain('--fail-with-body');
      }
      expect(b.code, `${b.page}:${b.line}`).toContain('set -euo pipefail');
    }
  });

  // Pages are independent of one another (each block makes its own token and records): run side by side.
  it.concurrent.each(runByPage)('%s: every block runs to its end without an error', async (_, pageBlocks) => {
    for (const b of pageBlocks) {
      // A block on the control plane needs the server's own base URL; the API flows run on `flows`.
      const result = await runBlock(b.code, b.code.includes('/__admin/') ? sim!.base : flows, cwd);
      const where = `${b.page}:${b.line}\n${result.out}`;
      expect({ exit: result.code, stderr: result.err }, where).toEqual({ exit: 0, stderr: '' });
      expect(result.out, where).not.toContain('undefined');
    }
  });
});

describe("the README's start banner", () => {
  it('is what the CLI prints on start, with its base URL as the README writes it', async () => {
    // The banner is one write; wait a moment so a longer one than the check in startCli saw is whole.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const printed = sim!.output().trimEnd().split(sim!.base).join(README_BASE);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const shown = /<!-- start-banner -->\n```text\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(shown, 'a ```text block after <!-- start-banner --> in the README').toBeDefined();
    expect(shown).toBe(printed);
  });
});
