import { writeFile } from 'node:fs/promises';
import { createSimulator, type SimulatorOptions } from '../app.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { UsageError } from '../cli-options.js';
import { CONFORM_HELP, type ConformOptions, parseConform } from './conform-options.js';
import { liveSource, type RunResult, runProbes, type TargetSource } from './conform-run.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { Pacer, REAL_TIMER, type Timer } from './pacing.js';
import type { Probe } from './probe.js';
import { allProbes } from './probes/probe-list.js';
import {
  type RecordedExchange,
  RecordingError,
  readRecording,
  recordExchange,
  replayed,
  writeRecording,
} from './recording.js';
import { summarise } from './report-summary.js';
import { Secrets } from './scrub.js';
import { ConformError, Side } from './side.js';
import { tableReport } from './table-report.js';

// `business-api-sim conform`: parses the flags, runs the probes against the target (or a recording) and a
// simulator account made in process, and writes the table, the reports and the recording.

export interface ConformIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal: the progress line is drawn only there. */
  isTTY?: boolean;
  timer?: Timer;
  /** The target's transport (default: global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** The probes to run (default: the whole library). */
  probes?: readonly Probe[];
  /** Options of the in-process simulator (default: the default world, rate limiting off). */
  simulator?: SimulatorOptions;
}

const SIMULATOR_ORIGIN = 'http://simulator.localhost';

export async function conformCommand(argv: string[], io: ConformIo): Promise<number> {
  let options: ConformOptions | 'help';
  try {
    options = parseConform(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`business-api-sim conform: ${error.message}\n\n${CONFORM_HELP}\n`);
    return 2;
  }
  if (options === 'help') {
    io.stdout(`${CONFORM_HELP}\n`);
    return 0;
  }
  const secrets = new Secrets();
  for (const s of [options.secret, options.apiKey, DEMO_SECRET, DEMO_API_KEY]) secrets.add(s);
  try {
    const run = await conform(options, io, secrets);
    io.stdout(secrets.scrub(tableReport(run)));
    const target = options.baseUrl ?? `recording ${options.replay}`;
    if (options.report) await writeFile(options.report, secrets.scrub(jsonReport(run, target)));
    if (options.junit) await writeFile(options.junit, secrets.scrub(junitReport(run)));
    return summarise(run).differ > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof RecordingError) {
      io.stderr(`business-api-sim conform: ${error.message}\n`);
      return 2;
    }
    if (!(error instanceof ConformError)) throw error;
    io.stderr(`business-api-sim conform: ${secrets.scrub(error.message)}\n`);
    return 1;
  }
}

async function conform(options: ConformOptions, io: ConformIo, secrets: Secrets): Promise<RunResult> {
  const timer = io.timer ?? REAL_TIMER;
  const all = io.probes ?? allProbes();
  const sim = await createSimulator({ ...io.simulator, rateLimit: false });
  const simulator = new Side({
    label: 'simulator',
    baseUrl: SIMULATOR_ORIGIN,
    clientId: DEMO_CLIENT_ID,
    secret: DEMO_SECRET,
    apiKey: DEMO_API_KEY,
    fetch: (request) => sim.fetch(request),
    secrets,
  });
  let target: TargetSource;
  const recorded: RecordedExchange[] = [];
  let writes = options.writes;
  if (options.replay) {
    const recording = await readRecording(options.replay);
    const byProbe = new Map(recording.exchanges.map((e) => [e.probe, e]));
    writes = writes || recording.exchanges.some((e) => all.find((p) => p.name === e.probe)?.writes && !e.skipped);
    target = {
      discover: async (now) => ({ now, created: {} }),
      answer: async (probe) => replayed(byProbe.get(probe.name)),
      remove: async () => true,
    };
  } else {
    const side = new Side({
      label: 'target',
      baseUrl: options.baseUrl!,
      clientId: options.clientId!,
      secret: options.secret!,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      fetch: io.fetch ?? ((request) => fetch(request)),
      pacer: new Pacer(timer),
      secrets,
    });
    await side.connect();
    const live = liveSource(side, options.site);
    target = {
      ...live,
      answer: async (probe, ids) => {
        const outcome = await live.answer(probe, ids);
        if (options.record) recorded.push(recordExchange(probe.name, outcome, secrets));
        return outcome;
      },
    };
  }
  await simulator.connect();
  const probes = all.filter((p) => writes || !p.writes);
  const progress = io.isTTY
    ? (done: number, total: number, probe: { name: string }) =>
        io.stderr(`\r\x1b[K[${done}/${total}] ${probe.name.slice(0, 100)}${done === total ? '\r\x1b[K' : ''}`)
    : undefined;
  const run = await runProbes({
    probes,
    target,
    simulator,
    concurrency: options.concurrency,
    now: timer.now(),
    ...(progress ? { onProgress: progress } : {}),
  });
  if (options.record) {
    const order = new Map(probes.map((p, i) => [p.name, i]));
    recorded.sort((a, b) => (order.get(a.probe) ?? 0) - (order.get(b.probe) ?? 0));
    const recordedAt = new Date(timer.now()).toISOString();
    await writeRecording(options.record, { baseUrl: options.baseUrl!, recordedAt, exchanges: recorded }, secrets);
  }
  return run;
}
