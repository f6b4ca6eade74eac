import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPACT_AFTER_BYTES } from '../../src/accounts/account-files.js';
import { newClient } from '../clients/support.js';
import { call, demoApi, simulator, tokenFor } from '../helpers.js';

// When the log outgrows the base, the next write writes a new base holding everything and empties
// the log. A crash between the two leaves lines the base already holds: they are skipped on load.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const bigClient = (n: number) =>
  newClient({
    FirstName: `Big${n}`,
    ClientNotes: Array.from({ length: 16 }, () => ({ Body: 'n'.repeat(4000), ClientNoteType: 1, ObjectState: 1 })),
  });

describe('log compaction', () => {
  it('a log that outgrows the base is folded into a new base, and a restart reads every write', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-compact-'));
    const { sim, token } = await demoApi({ dataDir: dir });
    const site = sim.registry.get('demo')!.world.sites[0]!.SiteId;
    const ids: string[] = [];
    let compacted = false;
    for (let n = 0; !compacted || n % 3 !== 0; n++) {
      const res = await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: bigClient(n) });
      expect(res.status).toBe(200);
      ids.push(res.body.Value);
      const base = JSON.parse(await readFile(path.join(dir, 'demo.json'), 'utf8'));
      if (base.seq > 0) compacted = true;
      expect(n).toBeLessThan(100);
    }
    const base = JSON.parse(await readFile(path.join(dir, 'demo.json'), 'utf8'));
    const log = await readFile(path.join(dir, 'demo.log'), 'utf8');
    expect(base.seq).toBeGreaterThan(0);
    expect(Buffer.byteLength(log)).toBeLessThan(COMPACT_AFTER_BYTES);
    // Lines after the base continue its sequence.
    const seqs = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).seq);
    expect(seqs).toEqual(seqs.map((_, i) => base.seq + 1 + i));

    const again = await simulator({ dataDir: dir, autoAccounts: false });
    const t = await tokenFor(again);
    for (const [n, id] of ids.entries())
      expect((await call(again, `/api/v2/clients/${id}`, { token: t })).body.FirstName).toBe(`Big${n}`);
  });

  it('lines the base already holds (a crash after the new base, before the log was emptied) are skipped on load', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-compact-'));
    const { sim, token } = await demoApi({ dataDir: dir });
    const site = sim.registry.get('demo')!.world.sites[0]!.SiteId;
    const logFile = path.join(dir, 'demo.log');
    let previousLog = '';
    let oldLog = '';
    for (let n = 0; n < 100; n++) {
      previousLog = await readFile(logFile, 'utf8');
      expect(
        (await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: bigClient(n) })).status,
      ).toBe(200);
      if (JSON.parse(await readFile(path.join(dir, 'demo.json'), 'utf8')).seq > 0) {
        oldLog = previousLog;
        break;
      }
    }
    expect(oldLog.length).toBeGreaterThan(0);
    // The log as it was before the compaction, as if emptying it never happened.
    await writeFile(logFile, oldLog);
    const again = await simulator({ dataDir: dir, autoAccounts: false });
    const t = await tokenFor(again);
    const names = (await call(again, `/api/v2/clients?siteId=${site}&find=Big`, { token: t })).body as {
      FirstName: string;
    }[];
    expect(new Set(names.map((c) => c.FirstName)).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(10);
  });
});
