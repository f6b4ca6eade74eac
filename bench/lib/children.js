// Child processes of the benchmark: every one is tracked and ended by its PID.

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ROOT } from './config.js';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @type {Set<ChildProcess>} */
const children = new Set();

/**
 * Starts `node <args>` in the repository root, collecting its output.
 * @param {string[]} args
 * @returns {{ child: ChildProcess, output: () => string, startedAt: number }}
 */
export function spawnNode(args) {
  let out = '';
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  const keep = (/** @type {Buffer} */ chunk) => {
    out += chunk.toString();
    if (out.length > 16_384) out = out.slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => children.delete(child));
  return { child, output: () => out, startedAt };
}

/**
 * Waits for the `listening on http://…` line a server prints on stdout.
 * @param {ChildProcess} child
 * @param {() => string} output
 * @param {number} [timeoutMs]
 * @returns {Promise<string>} the base URL
 */
export function waitForUrl(child, output, timeoutMs = 20_000) {
  return new Promise((resolve, reject) => {
    const pattern = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    const timer = setTimeout(
      () => done(new Error(`no 'listening on' line within ${timeoutMs} ms:\n${output()}`)),
      timeoutMs,
    );
    const check = () => {
      const match = pattern.exec(output());
      if (match) done(undefined, match[1]);
    };
    const onExit = (/** @type {number | null} */ code) =>
      done(new Error(`server exited (code ${code}) before listening:\n${output()}`));
    /**
     * @param {Error | undefined} error
     * @param {string} [url]
     */
    function done(error, url) {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(/** @type {string} */ (url));
    }
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

/**
 * Ends a child by its PID: SIGTERM, then SIGKILL if it has not exited within 3 s.
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, 3000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    console.error(`bench: PID ${child.pid} did not exit within 3 s of SIGTERM; sending SIGKILL`);
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
  children.delete(child);
}

/** Last resort on exit: SIGKILL whatever child is still running, by PID. */
export function killChildrenNow() {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

process.on('exit', killChildrenNow);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    killChildrenNow();
    process.exit(130);
  });
}

/** Stops every child still running, each by its PID. */
export async function stopAllChildren() {
  await Promise.all([...children].map(stopChild));
}
