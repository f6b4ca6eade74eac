import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/accounts/account.js';
import type { Simulator } from '../../src/app.js';
import { call, simulator, tokenFor } from '../helpers.js';

// One account's journal never holds up the others. A query over the journal (list, count, find,
// verify and its near-miss report) runs in slices of the event loop's time, reading each entry's
// body at most once; a live-journal stream whose reader falls behind is dropped, and an account,
// and the process, hold a bounded number of streams. Before, a failing verify over 1 000 entries
// of 16 KiB held the loop for the whole scan (hundreds of ms of CPU, seconds on a busy machine), and
// a stream that was not read kept up to 1 000 summaries each, with no bound on the streams.
//
// Every hold is counted in the process's CPU time, not in wall-clock time: a busy machine taking
// the core away does not count (as test/console/console-large-world.cases.ts does).

/** The longest hold of the event loop a sliced query may take, in CPU ms: a slice is about 10 ms. */
const SLICED_MS = 50;
/** Tries per measurement: the shortest of their longest holds is kept, so a collection of the heap is not counted. */
const TRIES = 3;
/** What the journal holds in the large case: 1 000 entries (the default `--journal-size`) of 16 KiB bodies. */
const ENTRIES = 1000;

/** The process's CPU time, in ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The longest time the event loop was held while `work` ran, in CPU ms: the longest gap between
 * turns of a probe that comes back at every turn of the loop (setImmediate), as a server's sockets are read.
 */
async function longestHold<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  let longest = 0;
  let last = cpuMs();
  let probing = true;
  const probe = () => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  try {
    const value = await work();
    await new Promise((resolve) => setImmediate(resolve));
    return { value, ms: longest };
  } finally {
    probing = false;
  }
}

/** The shortest of TRIES longest holds while `work` runs, after checking each outcome. */
async function shortestHold<T>(work: () => Promise<T>, check: (value: T) => void): Promise<number[]> {
  const holds: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const { value, ms } = await longestHold(work);
    check(value);
    holds.push(ms);
  }
  return holds;
}

/** The least CPU time `work` took over TRIES runs, in ms. */
async function leastCpu(work: () => Promise<unknown>): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIES; i++) {
    const start = cpuMs();
    await work();
    least = Math.min(least, cpuMs() - start);
  }
  return least;
}

/** A JSON request body of about 16 KiB (under the 16 384 characters the journal keeps whole): a client with notes. */
function largeBody(i: number): string {
  const notes: { Code: string; Text: string }[] = [];
  const client = { FirstName: `Jane${i}`, LastName: 'Smith', Gender: 1, Notes: notes };
  let length = JSON.stringify(client).length;
  for (let k = 0; length < 16_000; k++) {
    const note = { Code: `N${k}`, Text: `note ${k} of client ${i}, kept with the booking` };
    length += JSON.stringify(note).length + 1;
    notes.push(note);
  }
  const text = JSON.stringify(client);
  if (text.length > 16_384) throw new Error('the body must stay under the journal cap');
  return text;
}

/** Records `count` POSTs of a client with a 16 KiB body in the account's journal, as the pipeline hands them over. */
function fill(account: Account, count: number, status = 200): void {
  for (let i = 0; i < count; i++) {
    account.journal.record({
      method: 'POST',
      path: '/api/v2/clients',
      search: 'siteId=a3b1f1a2-0000-4000-8000-000000000001',
      status,
      at: Date.now(),
      header: (name) => (name === 'content-type' ? 'application/json' : undefined),
      body: largeBody(i),
      answer: `{"Message":"ClientId","Value":"00000000-0000-4000-8000-${String(i).padStart(12, '0')}"}`,
    });
  }
}

/** Verifications nobody's request matches, with the first difference each reports of the latest entry. */
const failing = {
  // A client no one posted, with a note no one wrote: values that are in no entry's text.
  absent: {
    query: { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Nobody', Notes: [{ Code: 'none' }] } },
    first: 'body.FirstName: expected "Nobody", got "Jane999"',
  },
  // A number: only parsing an entry's body tells whether it holds it, so every body is parsed (once).
  parsed: {
    query: { method: 'POST', path: '/api/v2/clients', body: { Gender: 2, Notes: [{ Code: 'N3' }] } },
    first: 'body.Gender: expected 2, got 1',
  },
};

const verify = (sim: Simulator, name: string, which: keyof typeof failing) =>
  call(sim, `/__admin/accounts/${name}/requests/verify`, {
    method: 'POST',
    body: { query: failing[which].query, count: 1 },
  });

/** How many of another account's pings were answered while `work` ran: its answers interleave with it. */
async function answeredMeanwhile(sim: Simulator, token: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let answered = 0;
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    const ping = await call(sim, '/accounts/other/api/v2/ping', { token });
    expect(ping.status).toBe(200);
    if (!done) answered++;
  }
  await finished;
  return answered;
}

describe('a journal query over 1 000 entries of 16 KiB holds the event loop a slice at a time', () => {
  let sim: Simulator;
  let otherToken: string;
  beforeAll(async () => {
    // The list of every entry (16 MiB of JSON) is read as bytes, not checked against the document.
    sim = await simulator({}, (request) => !new URL(request.url).pathname.endsWith('/big/requests'));
    fill((await sim.registry.resolve('big'))!, ENTRIES);
    fill((await sim.registry.resolve('quarter'))!, ENTRIES / 4);
    otherToken = await tokenFor(sim, '/accounts/other');
  }, 60_000);

  it.each(Object.keys(failing) as (keyof typeof failing)[])(
    'a failing verify (values %s) with its near-miss report holds the loop under 50 ms at a time, ' +
      'and its CPU grows linearly with the entries',
    async (which) => {
      const holds = await shortestHold(
        () => verify(sim, 'big', which),
        (res) => {
          expect(res.status).toBe(422);
          expect(res.body.matched).toBe(0);
          // The nearest are the latest posts of a client, the most recent first.
          expect(res.body.nearMisses.map((m: { request: { seq: number } }) => m.request.seq)).toEqual([1000, 999, 998]);
          expect(res.body.nearMisses[0].differences[0]).toBe(failing[which].first);
        },
      );
      expect(Math.min(...holds), `longest holds ${holds.map((h) => h.toFixed(1)).join(', ')} ms`).toBeLessThan(
        SLICED_MS,
      );
      // Linear in the entries: four times the entries cost about four times the CPU (16 times, were
      // each entry compared with each other one).
      const quarter = await leastCpu(() => verify(sim, 'quarter', which));
      const whole = await leastCpu(() => verify(sim, 'big', which));
      expect(
        whole / quarter,
        `${quarter.toFixed(0)} ms for 250 entries, ${whole.toFixed(0)} ms for 1 000`,
      ).toBeLessThan(6);
    },
  );

  it("another account's pings are answered while a failing verify that parses every body runs", async () => {
    expect(await answeredMeanwhile(sim, otherToken, verify(sim, 'big', 'parsed'))).toBeGreaterThan(0);
  });

  it('find and count with a body filter hold the loop under 50 ms at a time, and another account is answered meanwhile', async () => {
    const find = (body: unknown) =>
      call(sim, '/__admin/accounts/big/requests/find', { method: 'POST', body: { body } });
    // A number is found only by parsing each body: every one of the 1 000 is read.
    const count = () =>
      call(sim, '/__admin/accounts/big/requests/count', {
        method: 'POST',
        body: { path: '/api/v2/clients', body: { Gender: 1, Notes: [{ Code: 'N3' }] } },
      });
    const findHolds = await shortestHold(
      () => find({ Gender: 2 }),
      (res) => {
        expect(res.status).toBe(200);
        expect(res.body).toEqual([]);
      },
    );
    expect(Math.min(...findHolds), `find: ${findHolds.map((h) => h.toFixed(1)).join(', ')} ms`).toBeLessThan(SLICED_MS);
    const countHolds = await shortestHold(count, (res) => expect(res.body).toEqual({ count: ENTRIES }));
    expect(Math.min(...countHolds), `count: ${countHolds.map((h) => h.toFixed(1)).join(', ')} ms`).toBeLessThan(
      SLICED_MS,
    );
    expect(await answeredMeanwhile(sim, otherToken, find({ Gender: 2 }))).toBeGreaterThan(0);
    expect(await answeredMeanwhile(sim, otherToken, count())).toBeGreaterThan(0);
    // What it finds is what it found before: the entry of that client, whole.
    const found = await find({ FirstName: 'Jane7', Gender: 1 });
    expect(found.body.map((e: { seq: number }) => e.seq)).toEqual([8]);
    expect(found.body[0]).toEqual(sim.registry.get('big')!.journal.get(8));
  });

  it('listing every entry (16 MiB of JSON) holds the loop under 50 ms at a time', async () => {
    const read = async () => {
      const res = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/big/requests'));
      const chunks: Uint8Array[] = [];
      const reader = res.body!.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
      return { status: res.status, type: res.headers.get('content-type'), chunks };
    };
    const holds = await shortestHold(read, (res) => expect(res.status).toBe(200));
    expect(Math.min(...holds), `longest holds ${holds.map((h) => h.toFixed(1)).join(', ')} ms`).toBeLessThan(SLICED_MS);
    // The same list as before, read whole.
    const { chunks, type } = await read();
    expect(type).toContain('application/json');
    const listed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(listed).toHaveLength(ENTRIES);
    expect(listed[7].body.FirstName).toBe('Jane7');
    expect(listed[7]).toEqual(sim.registry.get('big')!.journal.get(8));
  });
});

/** The stream of an account's journal, not read: its response, and a way to read what it sent until it ends. */
async function openStream(sim: Simulator, name: string) {
  const res = await sim.fetch(new Request(`http://127.0.0.1/__admin/accounts/${name}/requests/stream`));
  return {
    res,
    /** Everything the stream sent, to its end (or until `needle`). */
    read: async (needle?: string) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        text += decoder.decode(next.value, { stream: true });
        if (needle !== undefined && text.includes(needle)) {
          await reader.cancel();
          break;
        }
      }
      return text;
    },
  };
}

/** Records `count` pings of the account, each with a query string of `queryLength` characters. */
function pings(account: Account, count: number, queryLength = 8): void {
  for (let i = 0; i < count; i++) {
    account.journal.record({
      method: 'GET',
      path: '/api/v2/ping',
      search: `q=${'x'.repeat(Math.max(0, queryLength - 2))}`,
      status: 200,
      at: Date.now(),
      header: () => undefined,
    });
  }
}

describe('live-journal streams are bounded: a reader that falls behind is dropped, streams per account and process are capped', () => {
  it('a stream whose reader does not read is dropped once it is more than 1 000 entries behind, with a final event saying why; another account’s stream goes on', async () => {
    const sim = await simulator();
    const quiet = (await sim.registry.resolve('quiet'))!;
    const other = (await sim.registry.resolve('other'))!;
    const stalled = await openStream(sim, 'quiet');
    expect(stalled.res.status).toBe(200);
    const watching = await openStream(sim, 'other');
    expect(quiet.journal.listening).toBe(1);
    pings(quiet, 1000);
    // Nothing was read: 1 000 entries behind is the most a reader may be.
    expect(quiet.journal.listening).toBe(1);
    pings(quiet, 1);
    expect(quiet.journal.listening).toBe(0);
    const text = await stalled.read();
    expect(text.startsWith('event: reset\n')).toBe(true);
    const last = text.trim().split('\n\n').at(-1)!;
    expect(last.split('\n')[0]).toBe('event: dropped');
    expect(JSON.parse(last.split('\n')[1]!.slice('data: '.length))).toEqual({
      error: expect.stringMatching(/more than 1000 entries behind/),
    });
    // The other account's journal and stream are untouched.
    expect(other.journal.listening).toBe(1);
    pings(other, 3, 12);
    expect(other.journal.count()).toBe(3);
    expect(await watching.read('"seq":3')).toContain('"seq":3');
    // The journal itself keeps its entries (its last 1 000).
    expect(quiet.journal.list().at(-1)!.seq).toBe(1001);
  });

  it('a stream is dropped once more than 1 MiB of summaries wait for its reader, whatever their number', async () => {
    const sim = await simulator();
    const quiet = (await sim.registry.resolve('quiet'))!;
    const stalled = await openStream(sim, 'quiet');
    // Summaries of about 8 KiB of query each (16 KiB counted): more than 1 MiB within a hundred entries.
    let recorded = 0;
    while (quiet.journal.listening > 0 && recorded < 1000) {
      pings(quiet, 1, 8192);
      recorded++;
    }
    expect(quiet.journal.listening).toBe(0);
    expect(recorded).toBeGreaterThan(32);
    expect(recorded).toBeLessThan(100);
    const text = await stalled.read();
    expect(text).toMatch(/event: dropped\ndata: \{"error":"[^"]*more than 1048576 bytes behind/);
  });

  it('an account holds at most 8 streams: the 9th is refused with 429 naming the bound, another account still streams, and a closed stream makes room', async () => {
    const sim = await simulator();
    await sim.registry.resolve('busy');
    const open = [];
    for (let i = 0; i < 8; i++) {
      const stream = await openStream(sim, 'busy');
      expect(stream.res.status).toBe(200);
      open.push(stream);
    }
    const refused = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/busy/requests/stream'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/8 live streams/);
    await sim.registry.resolve('calm');
    const calm = await openStream(sim, 'calm');
    expect(calm.res.status).toBe(200);
    await calm.res.body!.cancel();
    await open[0]!.res.body!.cancel();
    await expect.poll(() => sim.registry.get('busy')!.journal.listening).toBe(7);
    const again = await openStream(sim, 'busy');
    expect(again.res.status).toBe(200);
    for (const stream of [...open.slice(1), again]) await stream.res.body!.cancel();
  });

  it('the process holds at most 64 streams: the next is refused with 503 naming the bound', async () => {
    const sim = await simulator();
    const open = [];
    for (let a = 0; a < 8; a++) {
      await sim.registry.resolve(`watched-${a}`);
      for (let i = 0; i < 8; i++) {
        const stream = await openStream(sim, `watched-${a}`);
        expect(stream.res.status).toBe(200);
        open.push(stream);
      }
    }
    await sim.registry.resolve('late');
    const refused = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/late/requests/stream'));
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toMatch(/64 live streams/);
    await open[0]!.res.body!.cancel();
    await expect
      .poll(async () => {
        const res = await sim.fetch(new Request('http://127.0.0.1/__admin/accounts/late/requests/stream'));
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
    for (const stream of open.slice(1)) await stream.res.body!.cancel();
  });
});
