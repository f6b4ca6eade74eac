import { readFile, writeFile } from 'node:fs/promises';
import { redactUrl } from '../redact.js';
import type { Seen, SkipCause } from './probe.js';
import { redactJson, type Secrets } from './scrub.js';
import type { Outcome } from './side.js';

// A recording: the target's answer to each probe, to compare the simulator against offline. Credentials
// and tokens are redacted before anything is written.

const FORMAT = 'business-api-sim conform recording 1';

export interface RecordedExchange {
  probe: string;
  request?: { method: string; url: string; body?: unknown };
  status?: number;
  contentType?: string;
  body?: string;
  skipped?: string;
  /** Why it was skipped, when an id it needs was missing: which id, and the answer it was to come from. */
  skipCause?: SkipCause;
  throttled?: boolean;
}

export interface Recording {
  format: typeof FORMAT;
  baseUrl: string;
  recordedAt: string;
  exchanges: RecordedExchange[];
}

export function recordExchange(probe: string, outcome: Outcome, secrets: Secrets): RecordedExchange {
  if (outcome.kind === 'skipped') {
    return { probe, skipped: outcome.why, ...(outcome.cause ? { skipCause: outcome.cause } : {}) };
  }
  if (outcome.kind === 'throttled') return { probe, throttled: true };
  const { seen, request, url } = outcome;
  const body = seen.json === undefined ? seen.text : JSON.stringify(redactJson(seen.json));
  return {
    probe,
    request: {
      method: request.method,
      url: secrets.scrub(redactUrl(url)),
      ...(request.body === undefined ? {} : { body: redactJson(request.body) }),
    },
    status: seen.status,
    contentType: seen.contentType,
    body: secrets.scrub(body),
  };
}

export async function writeRecording(file: string, recording: Omit<Recording, 'format'>, secrets: Secrets) {
  const text = JSON.stringify({ format: FORMAT, ...recording }, null, 2);
  await writeFile(file, `${secrets.scrub(text)}\n`);
}

export class RecordingError extends Error {}

export async function readRecording(file: string): Promise<Recording> {
  let parsed: Recording;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as Recording;
  } catch (error) {
    throw new RecordingError(`--replay: cannot read '${file}': ${(error as Error).message}`);
  }
  if (parsed?.format !== FORMAT || !Array.isArray(parsed.exchanges)) {
    throw new RecordingError(`--replay: '${file}' is not a conform recording`);
  }
  return parsed;
}

/** The outcome a recorded exchange stands for. */
export function replayed(exchange: RecordedExchange | undefined): Outcome {
  if (!exchange) return { kind: 'skipped', why: 'not in the recording' };
  if (exchange.skipped !== undefined) {
    const cause = exchange.skipCause;
    return { kind: 'skipped', why: exchange.skipped, ...(cause ? { cause } : {}) };
  }
  if (exchange.throttled || exchange.status === undefined) return { kind: 'throttled' };
  const text = exchange.body ?? '';
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const seen: Seen = { status: exchange.status, contentType: exchange.contentType ?? '', text, json };
  const request = { method: 'GET' as const, path: '', auth: 'none' as const };
  return { kind: 'answered', seen, request, url: exchange.request?.url ?? '' };
}
