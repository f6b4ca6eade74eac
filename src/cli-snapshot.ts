import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isAccountName } from './accounts/host.js';
import { SNAPSHOT_KEY_HEADER } from './accounts/snapshot.js';
import { ADMIN_TOKEN_ENV } from './admin/token.js';
import { SNAPSHOT_KEY_ENV, UsageError } from './cli-options.js';

// `business-api-sim snapshot` and `restore`: clients of a running simulator's control plane (a node
// or a proxy in front of several), saving an account to a file and making one from it.

/** The options every client command of a running simulator takes, after its own. */
export const ACCESS_OPTIONS = `  --admin-token <token>    The control plane's token, when the simulator has one
                           (env ${ADMIN_TOKEN_ENV})
  --snapshot-key <phrase>  Passphrase webhook signing secrets travel sealed under; needed when the
                           account has webhooks, the same for the snapshot and the restore
                           (env ${SNAPSHOT_KEY_ENV})
  -h, --help               Show this help`;

const COMMON = `  --url <base>             The simulator (or a proxy in front of several), e.g. http://127.0.0.1:4010
${ACCESS_OPTIONS}`;

export const SNAPSHOT_HELP = `Usage: business-api-sim snapshot <name> --url <base> [--out <file>] [--journal]

Saves the whole account <name> as a snapshot (GET /__admin/accounts/<name>/snapshot): its settings,
clock, id position and every change, credentials and keys as hashes.

Options:
  --out <file>             Write the snapshot to <file> (default: standard output)
  --journal                Include the request journal
${COMMON}`;

export const RESTORE_HELP = `Usage: business-api-sim restore <file> --url <base> [--name <name>] [--replace]

Makes the account of a snapshot file (PUT /__admin/accounts/<name>): it answers every request as the
account did when the snapshot was taken, ids included.

Options:
  --name <name>            The account to make (default: the name the snapshot was taken of)
  --replace                Replace the account when it exists (otherwise that is an error)
${COMMON}`;

export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  fetch?: (request: Request) => Promise<Response>;
}

interface Common {
  url: string;
  headers: Record<string, string>;
}

/** `business-api-sim snapshot …`; the exit code. */
export function snapshotCommand(argv: string[], io: CommandIo): Promise<number> {
  return run('snapshot', SNAPSHOT_HELP, io, async () => {
    const { values, positionals } = parse(argv, { ...URL_FLAG, out: { type: 'string' }, journal: { type: 'boolean' } });
    if (values.help) return 'help';
    const name = onePositional(positionals, '<name>');
    if (!isAccountName(name)) throw new UsageError(`<name>: '${name}' is not an account name (a DNS label)`);
    const common = commonOf(values, io.env);
    const query = values.journal ? '?journal=true' : '';
    const res = await send(io, new Request(`${common.url}/__admin/accounts/${name}/snapshot${query}`, common));
    const text = await res.text();
    if (res.status !== 200) return failed(io, 'snapshot', res.status, text);
    const out = values.out as string | undefined;
    if (out === undefined) {
      io.stdout(text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    }
    await writeFile(out, `${text}\n`);
    const changes = (JSON.parse(text) as { changes: unknown[] }).changes.length;
    io.stderr(`snapshot of '${name}' written to ${out} (${changes} changes)\n`);
    return 0;
  });
}

/** `business-api-sim restore …`; the exit code. */
export function restoreCommand(argv: string[], io: CommandIo): Promise<number> {
  return run('restore', RESTORE_HELP, io, async () => {
    const { values, positionals } = parse(argv, {
      ...URL_FLAG,
      name: { type: 'string' },
      replace: { type: 'boolean' },
    });
    if (values.help) return 'help';
    const file = onePositional(positionals, '<file>');
    const common = commonOf(values, io.env);
    let text: string;
    let snapshot: { name?: unknown };
    try {
      text = await readFile(file, 'utf8');
      snapshot = JSON.parse(text) as { name?: unknown };
    } catch (error) {
      throw new UsageError(`${file}: ${(error as Error).message}`);
    }
    const name = (values.name as string | undefined) ?? (typeof snapshot?.name === 'string' ? snapshot.name : '');
    if (!isAccountName(name)) throw new UsageError(`--name: '${name}' is not an account name (a DNS label)`);
    const query = values.replace ? '?replace=true' : '';
    const res = await send(
      io,
      new Request(`${common.url}/__admin/accounts/${name}${query}`, {
        method: 'PUT',
        headers: { ...common.headers, 'content-type': 'application/json' },
        body: text,
      }),
    );
    const answer = await res.text();
    if (res.status !== 200 && res.status !== 201) return failed(io, 'restore', res.status, answer);
    io.stdout(`account '${name}' ${res.status === 201 ? 'restored' : 'replaced'} at ${common.url}\n`);
    return 0;
  });
}

type Flags = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

const URL_FLAG: Flags = { url: { type: 'string' } };

/** The command's arguments: its own flags, the access options and --help; a bad one is a usage error. */
export function parse(argv: string[], own: Flags): { values: Record<string, unknown>; positionals: string[] } {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        ...own,
        'admin-token': { type: 'string' },
        'snapshot-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function onePositional(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected one ${what}, got ${positionals.length}`);
  return positionals[0]!;
}

function commonOf(values: Record<string, unknown>, env: NodeJS.ProcessEnv): Common {
  const url = values.url as string | undefined;
  if (url === undefined) throw new UsageError('--url: missing (the base URL of the simulator)');
  return { url: baseUrlOf('--url', url), headers: accessHeaders(values, env) };
}

/** A base URL given for `flag`, without its trailing slashes; anything but http(s) is a usage error. */
export function baseUrlOf(flag: string, url: string): string {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new UsageError(`${flag}: '${url}' is not a URL`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new UsageError(`${flag}: expected http or https, got '${base.protocol}'`);
  return base.href.replace(/\/+$/, '');
}

/** The control plane's token and the snapshot passphrase, from the options or the environment, as headers. */
export function accessHeaders(values: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = (values['admin-token'] as string | undefined) ?? env[ADMIN_TOKEN_ENV];
  if (token) headers.authorization = `Bearer ${token}`;
  const key = (values['snapshot-key'] as string | undefined) ?? env[SNAPSHOT_KEY_ENV];
  if (key) headers[SNAPSHOT_KEY_HEADER] = key;
  return headers;
}

export function send(io: CommandIo, request: Request): Promise<Response> {
  return (io.fetch ?? fetch)(request);
}

/** The control plane's error message of an answer, or its text as it is. */
export function messageOf(text: string): string {
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    // Not the control plane's JSON (a proxy's page): the text as it is.
    return text;
  }
}

function failed(io: CommandIo, command: string, status: number, text: string): number {
  io.stderr(`business-api-sim ${command}: ${status} ${messageOf(text)}\n`);
  return 1;
}

/** Runs a command's work: its help, a usage error (exit 2) with the help, an unreachable URL (exit 1). */
export async function run(command: string, help: string, io: CommandIo, work: () => Promise<number | 'help'>) {
  try {
    const code = await work();
    if (code === 'help') {
      io.stdout(`${help}\n`);
      return 0;
    }
    return code;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`business-api-sim ${command}: ${error.message}\n\n${help}\n`);
      return 2;
    }
    if (error instanceof TypeError) {
      // fetch could not reach the URL.
      io.stderr(`business-api-sim ${command}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}\n`);
      return 1;
    }
    throw error;
  }
}
