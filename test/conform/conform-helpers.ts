import { type ConformIo, conformCommand } from '../../src/conform/conform-command.js';
import type { Timer } from '../../src/conform/pacing.js';

// Runs `business-api-sim conform` in process, with its output captured and a clock that never waits.

export interface ConformRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Milliseconds the run slept on its (fake) clock. */
  slept: number;
}

/** A clock whose sleep returns at once, moving its own time (and, if given, the target's) forward. */
export function fakeTimer(onSleep?: (ms: number) => Promise<void>): Timer & { slept: number } {
  const timer = {
    slept: 0,
    now: () => Date.now() + timer.slept,
    sleep: async (ms: number) => {
      timer.slept += ms;
      await onSleep?.(ms);
    },
  };
  return timer;
}

export async function runConform(argv: string[], io: Partial<ConformIo> = {}): Promise<ConformRun> {
  let stdout = '';
  let stderr = '';
  const timer = io.timer ?? fakeTimer();
  const code = await conformCommand(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    timer,
    // A small world: the probes compare shapes, and a small world answers them faster.
    simulator: { size: 'small' },
    ...io,
  });
  return { code, stdout, stderr, slept: (timer as { slept?: number }).slept ?? 0 };
}

/** The flags of a target holding the demo credential. */
export const demoTarget = (url: string): string[] => [
  '--base-url',
  url,
  '--client-id',
  'demo-client',
  '--secret',
  'demo-secret',
  '--api-key',
  'demo-api-key',
  '--concurrency',
  '32',
];
