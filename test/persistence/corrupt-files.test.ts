import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/accounts/secret-box.js';
import { signingSecret, subscriptionsOf } from '../../src/webhooks/subscriptions.js';
import { call, simulator, tokenFor } from '../helpers.js';
import { ensureBuilt, runCli } from '../cli/process.js';

// A data file that is not valid JSON or not shaped as account data stops the start with a message
// naming the file and the problem (exit code 1), and the file is left byte for byte as it was.

const WEBHOOK_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
let dir: string;
let file: string;
let valid: any;

beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-corrupt-'));
  file = path.join(dir, 'acme.json');
  const sim = await simulator({ dataDir: dir });
  await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
  valid = JSON.parse(await readFile(file, 'utf8'));
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
async function expectRejected(text: string, problem: string) {
  await writeFile(file, text);
  await expect(simulator({ dataDir: dir })).rejects.toThrow(`${file}: ${problem}`);
  expect(await readFile(file, 'utf8'), 'the file is never replaced').toBe(text);
}

const edited = (change: (data: any) => void) => {
  const copy = structuredClone(valid);
  change(copy);
  return JSON.stringify(copy);
};

describe('corrupt or hand-edited data files', () => {
  it('a file that is not valid JSON is refused naming the file and the position', async () => {
    const text = JSON.stringify(valid);
    const at = text.indexOf('"auth":');
    await expectRefused(`${text.slice(0, at)}@${text.slice(at)}`, `not valid JSON at position ${at} (line 1, column ${at + 1}): `);
  });

  it('a truncated file is refused, not replaced', async () => {
    await expectRejected(JSON.stringify(valid).slice(0, 500), 'not valid JSON at position 500');
  });

  it('a hand-edited field of the wrong type is refused naming the file and the field', async () => {
    await expectRefused(edited((d) => (d.settings.seed = 'forty-two')), 'settings.seed: expected a number, got a string');
  });

  it.each([
    ['an unknown size', (d: any) => (d.settings.size = 'huge'), 'settings.size: '],
    ['a missing auth section', (d: any) => delete d.auth, 'auth: missing (expected an object)'],
    ['a credential without its secret hash', (d: any) => delete d.auth.credentials[0].secretHash, 'auth.credentials[0].secretHash: missing'],
    ['a plain secret in place of its hash', (d: any) => (d.auth.credentials[0].secretHash = 'demo-secret'), 'auth.credentials[0].secretHash: expected a SHA-256 hash'],
    ['a world collection that is not an array', (d: any) => (d.world.clients = {}), 'world.clients: expected an array, got an object'],
    ['another account\'s name', (d: any) => (d.settings.name = 'other'), "settings.name: expected 'acme' (the file's name), got 'other'"],
  ])('%s is refused with the field named', async (_case, change, problem) => {
    await expectRejected(edited(change), problem);
  });

  it('a webhook secret sealed under another key is refused', async () => {
    const sealed = new SecretBox(Buffer.alloc(32, 7)).seal('s', WEBHOOK_ID);
    const text = edited((d) => (d.webhooks = [{ webhook_id: WEBHOOK_ID, event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1/h', created_utc: '2026-03-16 09:00', secret_sealed: sealed }]));
    await expectRejected(text, 'webhooks[0].secret_sealed: does not open');
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
    const text = edited((d) => (d.webhooks = [{ webhook_id: WEBHOOK_ID, event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1/h', created_utc: '2026-03-16 09:00', secret_sealed: sealed }]));
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
    expect((await call(sim, '/accounts/acme/api/v2/token', { method: 'POST', body: { clientId: 'demo-client', secret: 'demo-secret' } })).status).toBe(200);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a file holding a plain webhook secret loads, and the secret is sealed on disk at once', async () => {
    await writeFile(
      file,
      edited((d) => (d.webhooks = [{ webhook_id: WEBHOOK_ID, event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1/h', created_utc: '2026-03-16 09:00', secret: 'plain-old-secret' }])),
    );
    const sim = await simulator({ dataDir: dir, autoAccounts: false });
    const account = sim.registry.get('acme')!;
    const [subscription] = subscriptionsOf(account);
    expect(signingSecret(account, subscription!)).toBe('plain-old-secret');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('plain-old-secret');
    expect(JSON.parse(text).webhooks[0].secret_sealed).toMatch(/^v1\./);
    expect((await call(sim, '/accounts/acme/api/v2/webhooks', { token: await tokenFor(sim, '/accounts/acme') })).status).toBe(200);
  });
});
