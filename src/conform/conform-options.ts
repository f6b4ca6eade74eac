import { parseArgs } from 'node:util';
import { UsageError } from '../cli-options.js';

export const CONFORM_HELP = `business-api-sim conform: run the same contract probes against your account and against the
simulator, side by side, and show every difference

Usage: business-api-sim conform --base-url <url> --client-id <id> --secret <secret> [options]
       business-api-sim conform --replay <file> [options]

Compares, probe by probe, the status, the content type, the rule the probe states, and the body's shape
(field names and casing, JSON types, null or a value, Guid and DateTime formats, array or object), never
values that differ between two businesses. The simulator side is an account of this package made in
process, with its demo credential.

Options:
  --base-url <url>         The account to check, e.g. https://acme.example.com (or a sandbox)
  --client-id <id>         Its API credential (secret only ever sent to POST /api/v2/token)
  --secret <secret>
  --api-key <key>          A version 1 API key (ServiceApiKey); without it version 1 probes are skipped
  --site <guid>            The site to probe (default: the first active site)
  --writes                 Also run the probes that write; they remove what they made at the end, and the
                           report lists anything they could not remove (default: read-only)
  --report <file.json>     Write a JSON report
  --junit <file.xml>       Write JUnit XML (one testcase per probe)
  --record <file>          Save the target's answers (credentials and tokens redacted) for --replay
  --replay <file>          Compare the simulator against a recording, offline
  --concurrency <n>        Probes in flight at once (default 4; 1 to 64); each endpoint is still paced to
                           4 requests per second (8 on version 1), a 429 is waited out and sent again
  -h, --help               Show this help

Exit codes: 0 nothing differs, 1 something differs (or the target gave no token), 2 usage error.
A progress line goes to stderr when it is a terminal.`;

export interface ConformOptions {
  baseUrl?: string;
  clientId?: string;
  secret?: string;
  apiKey?: string;
  site?: string;
  writes: boolean;
  report?: string;
  junit?: string;
  record?: string;
  replay?: string;
  concurrency: number;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseConform(argv: string[]): ConformOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'client-id': { type: 'string' },
        secret: { type: 'string' },
        'api-key': { type: 'string' },
        site: { type: 'string' },
        writes: { type: 'boolean' },
        report: { type: 'string' },
        junit: { type: 'string' },
        record: { type: 'string' },
        replay: { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const options: ConformOptions = { writes: v.writes ?? false, concurrency: 4 };
  if (v.concurrency !== undefined) {
    const n = Number(v.concurrency);
    if (!/^\d+$/.test(v.concurrency) || n < 1 || n > 64) {
      throw new UsageError(`--concurrency: expected a whole number from 1 to 64, got '${v.concurrency}'`);
    }
    options.concurrency = n;
  }
  if (v.site !== undefined && !GUID.test(v.site)) throw new UsageError(`--site: '${v.site}' is not a Guid`);
  for (const [flag, value] of Object.entries(v)) {
    if (typeof value === 'string' && value === '') throw new UsageError(`--${flag}: must not be empty`);
  }
  if (v.replay !== undefined) {
    if (v['base-url'] !== undefined || v.record !== undefined) {
      throw new UsageError('--replay compares against a recording: leave out --base-url and --record');
    }
    return { ...options, replay: v.replay, ...pick(v) };
  }
  if (v['base-url'] === undefined) throw new UsageError('--base-url is required (or --replay <file>)');
  let url: URL;
  try {
    url = new URL(v['base-url']);
  } catch {
    throw new UsageError(`--base-url: '${v['base-url']}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--base-url: http or https only');
  if (url.username || url.password) {
    throw new UsageError('--base-url: no user or password in the URL; the credential goes in --client-id and --secret');
  }
  if (v['client-id'] === undefined || v.secret === undefined) {
    throw new UsageError('--client-id and --secret are required with --base-url');
  }
  return {
    ...options,
    baseUrl: v['base-url'].replace(/\/+$/, ''),
    clientId: v['client-id'],
    secret: v.secret,
    ...pick(v),
  };
}

function pick(v: Record<string, string | boolean | undefined>): Partial<ConformOptions> {
  const out: Partial<ConformOptions> = {};
  if (typeof v['api-key'] === 'string') out.apiKey = v['api-key'];
  if (typeof v.site === 'string') out.site = v.site;
  if (typeof v.report === 'string') out.report = v.report;
  if (typeof v.junit === 'string') out.junit = v.junit;
  if (typeof v.record === 'string') out.record = v.record;
  return out;
}
