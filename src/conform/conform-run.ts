import { type Difference, differences } from './compare.js';
import { discover } from './discover.js';
import { fieldSourceLookup, type SourceLookup } from './field-source.js';
import { operation } from './operations.js';
import type { IdSource, Ids, Probe, SkipCause } from './probe.js';
import { removal } from './probes/write-probes.js';
import type { Outcome, Side } from './side.js';

// A run: discover each side's ids, send every probe to both sides (reads in parallel up to the concurrency,
// writes one at a time), compare, then remove whatever the write probes left.

export type Verdict = 'same' | 'differs' | 'skipped';

export interface ProbeResult {
  probe: Probe;
  target: Outcome;
  simulator: Outcome;
  verdict: Verdict;
  differences: Difference[];
}

export interface NotRemoved {
  side: string;
  kind: string;
  id: string;
}

export interface RunResult {
  results: ProbeResult[];
  notRemoved: NotRemoved[];
}

/** The target's side: live over HTTP, or its answers from a recording. */
export interface TargetSource {
  discover(now: number): Promise<Ids>;
  answer(probe: Probe, ids: Ids): Promise<Outcome>;
  /** Removes a record a write probe made; false when it could not. */
  remove?(kind: string, id: string, ids: Ids): Promise<boolean>;
}

export interface RunOptions {
  probes: readonly Probe[];
  target: TargetSource;
  simulator: Side;
  concurrency: number;
  now: number;
  onProgress?(done: number, total: number, probe: Probe): void;
  /** Where the simulator's answer fields come from; its committed OpenAPI document by default. */
  sourceOf?: SourceLookup;
}

/** A live side as a source of answers. */
export function liveSource(side: Side, siteId?: string): TargetSource {
  return {
    discover: (now) => discover(side, now, siteId),
    answer: async (probe, ids) => {
      const request = probe.build(ids);
      if (!request) return skippedFor(probe, ids);
      return side.send(probe.operation, request);
    },
    remove: async (kind, id, ids) => {
      const how = removal(kind, id, ids);
      if (!how) return false;
      const out = await side.send(how.operation, how.request);
      return out.kind === 'answered' && out.seen.status >= 200 && out.seen.status < 300;
    },
  };
}

/**
 * The skip of a probe whose request cannot be built: the id it needs (the first one its builder read and found
 * missing) and the answer that id was to come from.
 */
export function skippedFor(probe: Probe, ids: Ids): Outcome {
  const read = missingRead(probe, ids);
  const key = read.find((k) => ids.missing?.[k]) ?? read[0];
  const source = key === undefined ? undefined : ids.missing?.[key];
  if (key === undefined || !source) return { kind: 'skipped', why: `needs ${key ?? 'an id'} that was not found` };
  const cause: SkipCause = { id: key, ...source };
  return { kind: 'skipped', why: skipWhy(cause), cause };
}

/**
 * `needs siteId: GET /api/v2/sites (listSites) answered 500`; for a record a write probe makes, `needs the
 * appointment made by the probe '…' (POST /api/v2/appointments), which answered 500`.
 */
export function skipWhy(cause: SkipCause): string {
  if (cause.probe) {
    const made = cause.id
      .replace(/^created\./, '')
      .replace(/([A-Z])/g, ' $1')
      .toLowerCase();
    return `needs the ${made} made by the probe '${cause.probe}' (${cause.request}), which ${cause.why}`;
  }
  const via = cause.via ? `, looked up with ${cause.via}` : '';
  return `needs ${cause.id}${via}: ${cause.request} (${cause.operation}) ${cause.why}`;
}

/** The answer at the start of a chain of skips. */
export const rootOf = (cause: IdSource): IdSource => cause.root ?? cause;

/** The ids a probe's builder read and found missing, in the order read (`created.…` for records made). */
function missingRead(probe: Probe, ids: Ids): string[] {
  const read: string[] = [];
  const note = (key: string) => {
    if (!read.includes(key)) read.push(key);
  };
  const created = new Proxy(ids.created, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (value === undefined && typeof key === 'string') note(`created.${key}`);
      return value;
    },
  });
  const view = new Proxy(ids, {
    get(target, key) {
      if (key === 'created') return created;
      const value = Reflect.get(target, key);
      if (value === undefined && typeof key === 'string' && key !== 'missing') note(key);
      return value;
    },
  });
  probe.build(view);
  return read;
}

/** What a write probe's answer came to when it made no record, in words. */
function notMadeWhy(out: Outcome): string {
  if (out.kind === 'skipped') return `was skipped (${out.why})`;
  if (out.kind === 'throttled') return 'was throttled (429) on every try';
  if (out.seen.status === 0) return `got ${out.seen.text}`;
  if (out.seen.status < 200 || out.seen.status >= 300) return `answered ${out.seen.status}`;
  return `answered ${out.seen.status} without the id of a new record`;
}

/** After a probe that makes a record: notes why there is none, for the probes that need it. */
function noteMade(probe: Probe, out: Outcome, ids: Ids): void {
  const kind = probe.makes;
  if (!kind) return;
  const key = `created.${kind}`;
  ids.missing ??= {};
  if (ids.created[kind] !== undefined) {
    delete ids.missing[key];
    return;
  }
  const o = operation(probe.operation);
  const root = out.kind === 'skipped' && out.cause ? rootOf(out.cause) : undefined;
  ids.missing[key] = {
    operation: o.id,
    request: `${o.method} ${o.path}`,
    probe: probe.name,
    why: notMadeWhy(out),
    ...(root ? { root } : {}),
  };
}

function judge(
  probe: Probe,
  target: Outcome,
  simulator: Outcome,
  ids: [Ids, Ids],
  sourceOf: SourceLookup,
): ProbeResult {
  if (target.kind !== 'answered' || simulator.kind !== 'answered') {
    return { probe, target, simulator, verdict: 'skipped', differences: [] };
  }
  const rule = { target: probe.check(target.seen, ids[0]), simulator: probe.check(simulator.seen, ids[1]) };
  const found = differences(probe, target.seen, simulator.seen, rule, sourceOf);
  return { probe, target, simulator, verdict: found.length ? 'differs' : 'same', differences: found };
}

export async function runProbes(options: RunOptions): Promise<RunResult> {
  const { probes, target, simulator } = options;
  const sim = liveSource(simulator);
  const sourceOf = options.sourceOf ?? fieldSourceLookup();
  const [targetIds, simIds] = await Promise.all([target.discover(options.now), sim.discover(options.now)]);
  const results = new Array<ProbeResult>(probes.length);
  let done = 0;
  const one = async (i: number) => {
    const probe = probes[i]!;
    const [t, s] = await Promise.all([target.answer(probe, targetIds), sim.answer(probe, simIds)]);
    if (t.kind === 'answered') probe.after?.(t.seen, targetIds);
    if (s.kind === 'answered') probe.after?.(s.seen, simIds);
    noteMade(probe, t, targetIds);
    noteMade(probe, s, simIds);
    results[i] = judge(probe, t, s, [targetIds, simIds], sourceOf);
    options.onProgress?.(++done, probes.length, probe);
  };
  const reads = interleaved(probes.map((p, i) => [p, i] as const).filter(([p]) => !p.writes));
  let next = 0;
  const worker = async () => {
    while (next < reads.length) await one(reads[next++]![1]);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  for (const [i, p] of probes.entries()) if (p.writes) await one(i);
  const notRemoved: NotRemoved[] = [];
  for (const [label, source, ids] of [
    ['target', target, targetIds],
    ['simulator', sim, simIds],
  ] as const) {
    for (const [kind, id] of Object.entries(ids.created)) {
      if (!(await source.remove?.(kind, id, ids))) notRemoved.push({ side: label, kind, id });
    }
  }
  return { results, notRemoved };
}

/**
 * The probes taken in turn from each operation, so that the workers are spread over many endpoints: each
 * endpoint's pace is 4 a second, and probes of one endpoint side by side would hold every worker on it.
 */
function interleaved<T extends readonly [Probe, number]>(items: T[]): T[] {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const queue = queues.get(item[0].operation) ?? [];
    queue.push(item);
    queues.set(item[0].operation, queue);
  }
  const out: T[] = [];
  while (out.length < items.length) {
    for (const queue of queues.values()) {
      const next = queue.shift();
      if (next) out.push(next);
    }
  }
  return out;
}
