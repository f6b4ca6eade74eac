import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// The built CLI as a child process: its base URL from the banner, and everything it printed.

const root = path.resolve(import.meta.dirname, '../..');
export const CLI = path.join(root, 'dist/cli.js');

export function ensureBuilt(): void {
  if (!existsSync(CLI)) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
}

export interface CliProcess {
  child: ChildProcess;
  /** Base URL of the default account, from the `listening on http://...` line. */
  base: string;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Starts the CLI (the built one unless `cli` names another) and waits for its banner; rejects if it exits first. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}, cli = CLI): Promise<CliProcess> {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return new Promise((resolve, reject) => {
    // A start that never shows its banner is ended here: no caller holds the process to stop it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no banner within 15 s: ${out}`));
    }, 15_000);
    const check = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (match && out.includes('control plane')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve({ child, base: match[1]!, output: () => out, exited });
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening: ${out}`));
    });
  });
}

/** Runs the CLI to its end (for starts that must fail). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    timeout: 15_000,
    env: { ...process.env, ...env },
  });
}

/** Ends a process this test started, by its own PID. */
export async function stopCli(p: CliProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited;
}
