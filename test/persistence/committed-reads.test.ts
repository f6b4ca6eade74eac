import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountFiles } from '../../src/accounts/account-files.js';
import type { Simulator } from '../../src/app.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, DEMO_CREDENTIAL, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// Reads answer from the last committed state of the account: they never wait for a write being
// made durable, never see a change before it is, and still answer when the disk refuses every save.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-reads-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const DAY_MS = 86_400_000;
const noSpace = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));

/** Every save of every account fails while `failing()` says so, as on a full disk. */
function savesFailWhile(failing: () => boolean): void {
  const append = AccountFiles.prototype.append;
  const writeBase = AccountFiles.prototype.writeBase;
  vi.spyOn(AccountFiles.prototype, 'append').mockImplementation(function (this: AccountFiles, set) {
    return failing() ? noSpace() : append.call(this, set);
  });
  vi.spyOn(AccountFiles.prototype, 'writeBase').mockImplementation(function (this: AccountFiles, ...args) {
    return failing() ? noSpace() : writeBase.apply(this, args);
  });
}

/** Every document of both kinds on every site, dated within two years of the fixed clock. */
async function documentCount(sim: Simulator, token: string): Promise<number> {
  const start = new Date(FIXED_NOW - 365 * DAY_MS).toISOString().slice(0, 16);
  const end = new Date(FIXED_NOW + 365 * DAY_MS).toISOString().slice(0, 16);
  let count = 0;
  for (const site of sim.registry.get('demo')!.world.sites) {
    const q = `siteId=${site.SiteId}&clientDocuments=&start=${start}&end=${end}&find=`;
    const res = await call(sim, `/api/v2/accountingdocuments?${q}`, { token });
    expect(res.status).toBe(200);
    count += res.body.length;
  }
  return count;
}

describe('a full disk still answers reads', () => {
  it('with every save failing, ping and a list answer 200 though a recurring invoice is due, a write is refused as before, and the catch-up happens once saves work again', async () => {
    let realNow = FIXED_NOW;
    // The 500 of a refused save is the service's generic error, which the document does not list per endpoint.
    const sim = await simulator({ dataDir: dir, realNow: () => realNow }, () => false);
    const token = await tokenFor(sim);
    const before = await documentCount(sim, token);
    const site = activeSite(sim.registry.get('demo')!.world);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    let failing = true;
    savesFailWhile(() => failing);
    // Forty days on, every monthly recurring invoice has a run due.
    realNow += 40 * DAY_MS;
    const ping = await call(sim, '/api/v2/ping', { token });
    expect(ping.status).toBe(200);
    expect(await documentCount(sim, token)).toBe(before);
    const refused = await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: newClient() });
    expect(refused.status).toBe(500);
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(200);

    failing = false;
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(200);
    expect(await documentCount(sim, token)).toBeGreaterThan(before);
    const written = await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: newClient() });
    expect(written.status).toBe(200);
  });
});

/** Holds every save from now on until `release` is called; `started` resolves once one has begun. */
function slowSaves() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let begin!: () => void;
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const append = AccountFiles.prototype.append;
  vi.spyOn(AccountFiles.prototype, 'append').mockImplementation(async function (this: AccountFiles, set) {
    begin();
    await append.call(this, set);
    await released;
  });
  const writeBase = AccountFiles.prototype.writeBase;
  vi.spyOn(AccountFiles.prototype, 'writeBase').mockImplementation(async function (this: AccountFiles, ...args) {
    begin();
    await writeBase.apply(this, args);
    await released;
  });
  return { started, release };
}

/** The answer of a read, or 'waited' when it took more than two seconds. */
const within = <T>(answer: Promise<T>): Promise<T | 'waited'> =>
  Promise.race([answer, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000))]);

describe('reads never wait for another request to be saved', () => {
  it('while a token refresh is being saved, the tokens it revokes still answer, and no longer once it is answered', async () => {
    const sim = await simulator({ dataDir: dir });
    const token = await tokenFor(sim);
    const { started, release } = slowSaves();
    const refresh = call(sim, '/api/v2/token/refresh', {
      method: 'POST',
      body: { clientId: DEMO_CREDENTIAL.clientId, secret: DEMO_CREDENTIAL.secret },
    });
    await started;
    try {
      const during = await within(call(sim, '/api/v2/ping', { token }));
      expect(during === 'waited' ? during : during.status).toBe(200);
    } finally {
      release();
    }
    expect((await refresh).status).toBe(200);
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(403);
    expect((await call(sim, '/api/v2/ping', { token: (await refresh).body.access_token })).status).toBe(200);
  });

  it('while a clock move is being saved, reads answer the clock as it was, and the new one once the move is answered', async () => {
    const sim = await simulator({ dataDir: dir });
    const token = await tokenFor(sim);
    const utc = async () => {
      const res = await within(call(sim, '/api/v2/ping', { token }));
      return res === 'waited' ? res : res.body.utc;
    };
    const before = await utc();
    const { started, release } = slowSaves();
    const move = call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 3600 } });
    await started;
    try {
      expect(await utc()).toBe(before);
    } finally {
      release();
    }
    expect((await move).status).toBe(200);
    expect(await utc()).not.toBe(before);
  });

  it('while a reset is being saved, reads answer from the account as it was, and from the reset one once it is answered', async () => {
    const sim = await simulator({ dataDir: dir });
    const token = await tokenFor(sim);
    const site = activeSite(sim.registry.get('demo')!.world);
    const created = await call(sim, `/api/v2/clients?siteId=${site}`, {
      method: 'POST',
      token,
      body: newClient({ FirstName: 'Earlier' }),
    });
    expect(created.status).toBe(200);
    const client = (t: string) => within(call(sim, `/api/v2/clients/${created.body.Value}`, { token: t }));
    const { started, release } = slowSaves();
    const reset = call(sim, '/__admin/accounts/demo/reset', { method: 'POST' });
    await started;
    try {
      const during = await client(token);
      expect(during === 'waited' ? during : during.body?.FirstName).toBe('Earlier');
    } finally {
      release();
    }
    expect((await reset).status).toBe(204);
    const after = await client(await tokenFor(sim));
    expect(after === 'waited' ? after : after.body).toBeNull();
  });

  it('while a POST is being saved (a slow fsync), a GET on the same account answers at once without its record, and shows it once the POST has been answered', async () => {
    const sim = await simulator({ dataDir: dir });
    const token = await tokenFor(sim);
    const site = activeSite(sim.registry.get('demo')!.world);
    const named = async (name: string) =>
      (await call(sim, `/api/v2/clients?siteId=${site}&find=${name}`, { token })).body as { FirstName: string }[];

    // Saves hold until released: an fsync that takes as long as the test wants.
    const { started, release } = slowSaves();

    let answered = false;
    const post = call(sim, `/api/v2/clients?siteId=${site}`, {
      method: 'POST',
      token,
      body: newClient({ FirstName: 'Pending' }),
    }).then((res) => {
      answered = true;
      return res;
    });
    await started;
    try {
      expect(await within(named('Pending'))).toEqual([]);
      expect(await within(call(sim, '/api/v2/ping', { token }))).not.toBe('waited');
      expect(answered).toBe(false);
    } finally {
      release();
    }
    expect((await post).status).toBe(200);
    expect((await named('Pending')).map((c) => c.FirstName)).toEqual(['Pending']);
  });
});
