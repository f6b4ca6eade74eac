// l. Writes by world size: each kind of write timed in-process on the standard and the large world,
// with the ratio large / standard (a write should cost what it changes, not the size of its tables).

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CREDENTIAL, NEW_CLIENT, ROOT } from '../lib/config.js';
import { fmt, markdownTable, median, ratio, textTable, verdict } from '../lib/stats.js';

const WARMUP = 5;
const RUNS = 50;
const TARGET_RATIO = 1.5;
const EMPTY = '00000000-0000-0000-0000-000000000000';

/** The kinds measured, in the order of the table. */
const KINDS = [
  'POST /api/v2/clients?siteId=',
  'PUT /api/v2/clients?clientId=',
  'POST /api/v2/accountingdocuments (client invoice)',
  'POST /api/v2/accountingentries (receipt)',
  'GET clients/emailexists right after a write',
  'GET clients/mobileexists right after a write',
];

/**
 * The median time of each kind on one world, in-process (dist/app.js, no socket, rate limit off):
 * {@link WARMUP} unmeasured calls, then {@link RUNS} measured. The exists lookups each follow an
 * unmeasured PUT of a client, so they are the first read of the data a write changed.
 * @param {'standard' | 'large'} size
 */
async function measureWorld(size) {
  const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
  const sim = await createSimulator({ size, rateLimit: false });
  let token = '';
  /** @param {string} url @param {string} [method] @param {unknown} [body] */
  const call = async (url, method = 'GET', body) => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const res = await sim.fetch(new Request(`http://127.0.0.1${url}`, init));
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  token = (await call('/api/v2/token', 'POST', CREDENTIAL)).access_token;
  const world = sim.registry.get('demo').world;
  const site = world.sites[0].SiteId;
  const client = world.clients[0].ClientId;
  const paymentType = world.paymentTypes[0].PaymentTypeId;
  const drawer = world.cashDrawers.find((/** @type {any} */ d) => d.SiteId === site).CashDrawerId;
  const stored = await call(`/api/v2/clients/${client}`);
  let n = 0;
  const put = () => call(`/api/v2/clients?clientId=${client}`, 'PUT', { ...stored, FirstName: `Jane${n++}` });
  /** @type {(() => Promise<unknown>)[]} */
  const writes = [
    () => call(`/api/v2/clients?siteId=${site}`, 'POST', NEW_CLIENT),
    put,
    () =>
      call(`/api/v2/accountingdocuments?siteId=${site}`, 'POST', {
        AccountingDocumentId: EMPTY,
        AccountingDocumentTypeId: 1,
        SiteId: site,
        ClientId: client,
        Reference: 'Bench sale',
        DocumentDate: '2026-03-16 09:00',
        AccountingDocumentLineItems: [{ Description: 'Cut and finish', Quantity: 1, Price: 45.1 }],
      }),
    () =>
      call(`/api/v2/accountingentries?siteId=${site}`, 'POST', {
        AccountingEntryId: EMPTY,
        AccountingEntryTypeId: 1,
        SiteId: site,
        ClientId: client,
        AccountingDocumentId: null,
        EntryNumber: '',
        Total: 10,
        PaymentTypeId: paymentType,
        CashDrawerId: drawer,
      }),
  ];
  // Addresses no client has: the lookup reads everything it keeps for the key, and finds nothing.
  const lookups = [
    `emailexists?siteId=${site}&email=${encodeURIComponent('nobody@example.com')}`,
    `mobileexists?siteId=${site}&mobile=${encodeURIComponent('07000 000000')}`,
  ];
  /** @type {number[]} */
  const medians = [];
  for (const write of writes) {
    for (let w = 0; w < WARMUP; w++) await write();
    const times = [];
    for (let r = 0; r < RUNS; r++) {
      const started = performance.now();
      await write();
      times.push(performance.now() - started);
    }
    medians.push(median(times));
  }
  for (const lookup of lookups) {
    const times = [];
    for (let r = 0; r < WARMUP + RUNS; r++) {
      await put();
      const started = performance.now();
      await call(`/api/v2/clients/${lookup}`);
      if (r >= WARMUP) times.push(performance.now() - started);
    }
    medians.push(median(times));
  }
  const clients = world.clients.length;
  await sim.close();
  return { medians, clients };
}

async function measure() {
  const standard = await measureWorld('standard');
  const large = await measureWorld('large');
  return { standard, large };
}

/** @param {Awaited<ReturnType<typeof measure>>} l */
function table(l) {
  return [
    [
      'median ms',
      `standard (${l.standard.clients} clients)`,
      `large (${l.large.clients} clients)`,
      'ratio',
      'target',
      'status',
    ],
    ...KINDS.map((kind, i) => {
      const r = ratio(l.large.medians[i] ?? Number.NaN, l.standard.medians[i] ?? Number.NaN);
      return [
        kind,
        fmt(l.standard.medians[i] ?? Number.NaN, 2),
        fmt(l.large.medians[i] ?? Number.NaN, 2),
        fmt(r, 2),
        `≤ ${TARGET_RATIO}`,
        verdict(r <= TARGET_RATIO),
      ];
    }),
  ];
}

export default {
  letter: 'l',
  announce: `l. writes by world size: ${RUNS} × each write kind on the standard and the large world (in-process)`,
  measure: () => measure(),
  /** @param {Awaited<ReturnType<typeof measure>>} l */
  report(l) {
    const rows = table(l);
    console.log('l. Writes by world size\n');
    console.log(textTable(rows));
    console.log('');
    return `## l. Writes by world size

Each kind of write on the \`standard\` and the \`large\` world, in-process through \`createSimulator\` from
\`dist/app.js\` (no socket, rate limit off, no data directory): ${WARMUP} unmeasured calls, then ${RUNS} measured,
one at a time; the figure is the median. The client invoice and the receipt are for the first client at the
first site; the PUT changes the first name of the first client. The exists lookups ask for an address no
client has, each timed right after an unmeasured PUT of a client, so they are the first read of what a write
changed. The ratio is
large / standard: a write should cost what it changes, not the size of the tables it touches.

${markdownTable(rows)}
`;
  },
};
