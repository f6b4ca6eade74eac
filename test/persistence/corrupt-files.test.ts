import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/accounts/secret-box.js';
import { signingSecret, subscriptionsOf } from '../../src/webhooks/subscriptions.js';
import { ensureBuilt, runCli } from '../cli/process.js';
import { call, DEMO_CREDENTIAL, EMPTY, firstFormatFile, simulator, tokenFor } from '../helpers.js';

// A data file that is not valid JSON, not shaped as account data, or holding a record of the
// wrong shape stops the start with a message naming the file and the problem (exit code 1), and
// the file is left byte for byte as it was.

const WEBHOOK_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
let dir: string;
let file: string;
let log: string;
let valid: any;

beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-corrupt-'));
  file = path.join(dir, 'acme.json');
  log = path.join(dir, 'acme.log');
  const sim = await simulator({ dataDir: dir });
  await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
  valid = JSON.parse(await readFile(file, 'utf8'));
  await sim.close(); // the CLI started by a case takes the directory
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts the CLI on the data directory, which must fail; answers its exit code and message. */
function failedStart() {
  const out = runCli(['--port', '0', '--data-dir', dir, '--size', 'small']);
  return { status: out.status, message: out.stderr };
}

/** Through the CLI: exit code 1 and the message on stderr. */
async function expectRefused(text: string, problem: string) {
  await writeFile(file, text);
  const { status, message } = failedStart();
  expect(status).toBe(1);
  expect(message).toContain(`business-api-sim: ${file}: ${problem}`);
  expect(await readFile(file, 'utf8'), 'the file is never replaced').toBe(text);
}

/** In-process (the same load as the CLI's, without a process per case). */
async function expectRejected(text: string, problem: string, where = file) {
  await writeFile(where, text);
  await expect(simulator({ dataDir: dir })).rejects.toThrow(`${where}: ${problem}`);
  expect(await readFile(where, 'utf8'), 'the file is never replaced').toBe(text);
}

const edited = (change: (data: any) => void) => {
  const copy = structuredClone(valid);
  change(copy);
  return JSON.stringify(copy);
};

/** The base with one record added to its changes. */
const withRecord = (table: string, key: string, row: Record<string, unknown>) =>
  edited((d) => d.changes.push([table, key, row]));

const aClient = (fields: Record<string, unknown>) => ({
  ClientId: '9-client',
  SiteId: null,
  State: 1,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: '',
  MobilePhone: '',
  Gender: 1,
  ...fields,
});

const sealedWebhook = (sealed: string) => ({
  webhook_id: WEBHOOK_ID,
  event: 'NewRecurringClientInvoice',
  url: 'http://127.0.0.1/h',
  created_utc: '2026-03-16 09:00',
  secret_sealed: sealed,
});

describe('corrupt or hand-edited data files', () => {
  it('a file that is not valid JSON is refused naming the file and the position', async () => {
    const text = JSON.stringify(valid);
    const at = text.indexOf('"settings":');
    await expectRefused(
      `${text.slice(0, at)}@${text.slice(at)}`,
      `not valid JSON at position ${at} (line 1, column ${at + 1}): `,
    );
  });

  it('a truncated file is refused, not replaced', async () => {
    await expectRejected(JSON.stringify(valid).slice(0, 100), 'not valid JSON at position 100');
  });

  it('a hand-edited field of the wrong type is refused naming the file and the field', async () => {
    await expectRefused(
      edited((d) => (d.settings.seed = 'forty-two')),
      'settings.seed: expected a number, got a string',
    );
  });

  it.each([
    ['an unknown size', (d: any) => (d.settings.size = 'huge'), 'settings.size: '],
    ['a missing changes list', (d: any) => delete d.changes, 'changes: missing (expected an array)'],
    ['a format written by another version', (d: any) => (d.format = 3), 'format: expected format 2'],
    [
      'a clock beyond ten years',
      (d: any) => (d.settings.clockOffsetMs = 11 * 366 * 86_400_000),
      'settings.clockOffsetMs: the account clock must stay within 10 years of real time',
    ],
    [
      'a credential without its secret hash',
      (d: any) => delete d.changes.find((c: any) => c[0] === 'credentials')[2].secretHash,
      'changes[0] (credentials credential-1): secretHash: missing (expected a string)',
    ],
    [
      'a plain secret in place of its hash',
      (d: any) => (d.changes.find((c: any) => c[0] === 'credentials')[2].secretHash = 'demo-secret'),
      'changes[0] (credentials credential-1): secretHash: expected a SHA-256 hash (64 hex digits)',
    ],
    [
      "another account's name",
      (d: any) => (d.settings.name = 'other'),
      "settings.name: expected 'acme' (the file's name), got 'other'",
    ],
  ])('%s is refused with the field named', async (_case, change, problem) => {
    await expectRejected(edited(change), problem);
  });

  it('a record field of the wrong type is refused naming the file, the record and the field', async () => {
    await expectRefused(
      withRecord('clients', '9-client', aClient({ FirstName: 42 })),
      'changes[2] (clients 9-client): FirstName: expected string, got number',
    );
  });

  it('an out-of-range number in a record is refused naming the field', async () => {
    await expectRejected(
      withRecord('clients', '9-client', aClient({ State: 7 })),
      'changes[2] (clients 9-client): State: 7 is not one of 1, 2',
    );
    await expectRejected(
      withRecord('vouchers', '9-voucher', { VoucherId: '9-voucher', Amount: 1e300 }),
      'changes[2] (vouchers 9-voucher): Amount: 1e+300 is out of range',
    );
  });

  it('a record of an unknown table is refused', async () => {
    await expectRejected(withRecord('gizmos', 'g1', { id: 'g1' }), "changes[2] (gizmos g1): unknown table 'gizmos'");
  });

  it('a log line that is not JSON in the middle of the log is refused naming the line', async () => {
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    await tokenFor(sim, '/accounts/acme');
    await tokenFor(sim, '/accounts/acme');
    const lines = (await readFile(log, 'utf8')).split('\n');
    await expectRejected([lines[0], '{"seq": 2, oops', ...lines.slice(2)].join('\n'), 'line 2: not valid JSON', log);
  });

  it('a log line out of sequence is refused naming the line', async () => {
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    await tokenFor(sim, '/accounts/acme');
    const line = JSON.parse((await readFile(log, 'utf8')).split('\n')[0]!);
    await expectRejected(`${JSON.stringify({ ...line, seq: 5 })}\n`, 'line 1: seq: expected 1, got 5', log);
  });

  it('a last log line cut short by a crash was never acknowledged: it is cut away and the account loads', async () => {
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    const token = await tokenFor(sim, '/accounts/acme');
    const whole = await readFile(log, 'utf8');
    await writeFile(log, `${whole}{"seq":2,"random":[1,2`);
    const again = await simulator({ dataDir: dir, autoAccounts: false });
    expect((await call(again, '/accounts/acme/api/v2/ping', { token })).status).toBe(200);
    expect(await readFile(log, 'utf8')).toBe(whole);
    await tokenFor(again, '/accounts/acme');
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
  });

  it('a webhook secret sealed under another key is refused', async () => {
    const sealed = new SecretBox(Buffer.alloc(32, 7)).seal('s', WEBHOOK_ID);
    await expectRejected(
      withRecord('webhooks', WEBHOOK_ID, sealedWebhook(sealed)),
      `webhooks: ${WEBHOOK_ID}: secret_sealed: does not open`,
    );
  });

  it('a secrets key file that is not a key is refused naming it', async () => {
    const key = path.join(dir, '.secrets-key');
    await writeFile(key, 'not a key\n');
    const { status, message } = failedStart();
    expect(status).toBe(1);
    expect(message).toContain(`${key}: not a secrets key`);
    expect(await readFile(key, 'utf8')).toBe('not a key\n');
  });

  it('a missing key file while an account holds sealed secrets is refused naming both, and no new key is made', async () => {
    const key = path.join(dir, '.secrets-key');
    const sealed = new SecretBox(Buffer.from((await readFile(key, 'utf8')).trim(), 'base64')).seal('s', WEBHOOK_ID);
    const text = withRecord('webhooks', WEBHOOK_ID, sealedWebhook(sealed));
    await writeFile(file, text);
    await rm(key);
    const { status, message } = failedStart();
    expect(status).toBe(1);
    expect(message).toContain(`${key}: missing, but ${file} holds webhook secrets sealed with it`);
    expect(await readdir(dir)).not.toContain('.secrets-key');
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('temp files a crash left behind are removed on start and the account loads', async () => {
    await writeFile(path.join(dir, '.acme.json.tmp'), '{"half": ');
    await writeFile(path.join(dir, '.acme.json.4242-7.tmp'), '{"half": ');
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    expect(
      (
        await call(sim, '/accounts/acme/api/v2/token', {
          method: 'POST',
          body: DEMO_CREDENTIAL,
        })
      ).status,
    ).toBe(200);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('files of the first format (the whole world in one file)', () => {
  it('a first-format file is migrated on start: its changes are kept and it is rewritten small', async () => {
    const old = firstFormatFile('acme') as any;
    const client = old.world.clients[0];
    client.FirstName = 'Migrated';
    old.world.vouchers.pop();
    await writeFile(file, JSON.stringify(old));
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    const token = await tokenFor(sim, '/accounts/acme');
    const got = await call(sim, `/accounts/acme/api/v2/clients/${client.ClientId}`, { token });
    expect(got.body.FirstName).toBe('Migrated');
    const text = await readFile(file, 'utf8');
    const base = JSON.parse(text);
    expect(base.format).toBe(2);
    expect(base.changes.filter((c: any) => c[0] === 'clients')).toHaveLength(1);
    expect(base.changes.filter((c: any) => c[0] === 'vouchers' && c[2] === null)).toHaveLength(1);
    expect(text.length).toBeLessThan(16 * 1024);
  });

  it('a migrated account hands out no id its first-format file already held, also after a restart without writes', async () => {
    // The id the first-format account's stream gave its first client, as an older simulator would have.
    const plain = await simulator();
    await call(plain, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const plainToken = await tokenFor(plain, '/accounts/acme');
    const site = plain.registry.get('acme')!.world.sites[0]!.SiteId;
    const body = { ClientId: EMPTY, FirstName: 'Old', LastName: 'Stream', Gender: 1 };
    const first = (
      await call(plain, `/accounts/acme/api/v2/clients?siteId=${site}`, { method: 'POST', token: plainToken, body })
    ).body.Value;
    const old = firstFormatFile('acme') as any;
    old.world.clients.push(plain.registry.get('acme')!.world.clients.find((c) => c.ClientId === first));
    await writeFile(file, JSON.stringify(old));
    for (let start = 0; start < 2; start++) {
      const sim = await simulator({ dataDir: dir, autoAccounts: false });
      const token = await tokenFor(sim, '/accounts/acme');
      expect((await call(sim, `/accounts/acme/api/v2/clients/${first}`, { token })).body.FirstName).toBe('Old');
      if (start === 1) {
        const made = (await call(sim, `/accounts/acme/api/v2/clients?siteId=${site}`, { method: 'POST', token, body }))
          .body.Value;
        expect(made).not.toBe(first);
      }
    }
  });

  it('a first-format file holding a plain webhook secret is refused, saying what to do', async () => {
    const old = firstFormatFile('acme') as any;
    old.webhooks = [
      {
        webhook_id: WEBHOOK_ID,
        event: 'NewRecurringClientInvoice',
        url: 'http://127.0.0.1/h',
        created_utc: '2026-03-16 09:00',
        secret: 'plain-old-secret',
      },
    ];
    await expectRejected(
      JSON.stringify(old),
      'webhooks[0]: holds a plain signing secret (written before secrets were sealed); remove that webhook from ' +
        'the file and register it again',
    );
  });

  it('a webhook of a first-format file keeps its sealed secret', async () => {
    const key = path.join(dir, '.secrets-key');
    const sealed = new SecretBox(Buffer.from((await readFile(key, 'utf8')).trim(), 'base64')).seal(
      'kept-secret',
      WEBHOOK_ID,
    );
    const old = firstFormatFile('acme') as any;
    old.webhooks = [sealedWebhook(sealed)];
    await writeFile(file, JSON.stringify(old));
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    const account = sim.registry.get('acme')!;
    expect(signingSecret(account, subscriptionsOf(account)[0]!)).toBe('kept-secret');
  });
});
