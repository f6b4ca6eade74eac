// k. Every GET of version 2, one at a time, in-process, at its widest allowed range (a year where the
// spec sets no cap), on the standard and the large world: time, rows, bytes and time per 100 rows.
// A row's cost must not grow with the world: the large world's time per row is held against the
// standard world's. Then the sweep runs again while a second account of the same simulator is read
// in a loop: the longest wait of one of its reads is the longest the sweep stalled every other account.

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CREDENTIAL, ROOT } from '../lib/config.js';
import { fmt, markdownTable, median, ratio, textTable, verdict } from '../lib/stats.js';

const DAY = 86_400_000;
const TARGETS = { requestMs: 1000, perRowRatio: 2, stallMs: 100 };
/**
 * Query names are case-insensitive: a GET with a siteId is timed once per spelling of it, each a
 * new query to the reply cache, and its median kept (the machine may be shared).
 */
const SPELLINGS = ['siteId', 'siteid', 'SITEID', 'SiteId', 'SiteID'];
/** The spelling of the sweep run beside the other account's reads. */
const STALL_SPELLING = 'sITEiD';
/** Rows below which time per row says little (fixed costs dominate); such lines are not held to the ratio. */
const MIN_ROWS = 200;

/** @param {number} ms */
const dayText = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The GETs of the sweep over a world: label and path with query.
 * @param {any} world
 * @param {number} now
 */
function sweep(world, now) {
  const site = world.sites
    .filter((/** @type {any} */ s) => s.State === 1)
    .sort((/** @type {any} */ a, /** @type {any} */ b) => (a.Name < b.Name ? -1 : 1))[0].SiteId;
  /** The range of `days` days: the last ones when `past`, else centred on now. */
  const range = (/** @type {number} */ days, past = false) => {
    const start = past ? now - days * DAY : now - (days / 2) * DAY;
    return `start=${dayText(start)}&end=${dayText(start + days * DAY)}`;
  };
  const first = (/** @type {any[]} */ rows, /** @type {string} */ key) => rows[0]?.[key] ?? '';
  const client = world.appointments.find((/** @type {any} */ a) => a.SiteId === site)?.ClientId ?? '';
  const v = '/api/v2';
  const s = `siteId=${site}`;
  /** @type {[string, string][]} */
  const gets = [
    ['ping', `${v}/ping`],
    ['sites', `${v}/sites`],
    ['sites/{id}', `${v}/sites/${site}`],
    ['services', `${v}/services?${s}`],
    ['products', `${v}/products?${s}`],
    ['packages', `${v}/packages?${s}&itemState=&find=`],
    ['courses', `${v}/courses?${s}`],
    ['memberships', `${v}/memberships?${s}`],
    ['classes', `${v}/classes?${s}&start=${dayText(now)}`],
    ['classschedules (1 y)', `${v}/classes/classschedules?${s}&classType=1&${range(365)}`],
    ['classbookings (1 y)', `${v}/classes/classbookings?${s}&classType=1&${range(365)}`],
    ['appointments (90 d)', `${v}/appointments?${s}&stateId=&${range(90)}&find=&clientId=`],
    ['appointments/{id}', `${v}/appointments/${first(world.appointments, 'AppointmentId')}`],
    ['appointmentstates', `${v}/appointmentstates`],
    ['employees', `${v}/employees?${s}`],
    ['employees/schedules (90 d)', `${v}/employees/schedules?${s}&${range(90)}&includeClasses=true`],
    ['timerecords (90 d)', `${v}/timerecords?${s}&${range(90, true)}`],
    ['clientcustomforms (1 y)', `${v}/clientcustomforms?${s}&${range(365, true)}`],
    ['clients/appointmenthistory (730 d)', `${v}/clients/appointmenthistory?clientId=${client}&${s}&${range(730)}`],
    ['clients', `${v}/clients?${s}`],
    ['clients/{id}', `${v}/clients/${client}`],
    ['clients/emailexists', `${v}/clients/emailexists?${s}&email=nobody@example.com`],
    ['clients/mobileexists', `${v}/clients/mobileexists?${s}&mobile=0000000000`],
    ['clients/contacts', `${v}/clients/contacts?${s}`],
    ['webhooks', `${v}/webhooks`],
    ['vouchers', `${v}/vouchers?${s}`],
    ['vouchers/{id}', `${v}/vouchers/${first(world.vouchers, 'VoucherId')}`],
    ['reports/sales (1 y)', `${v}/reports/sales?${s}&${range(365, true)}`],
    ['documents, client (1 y)', `${v}/accountingdocuments?${s}&clientDocuments=true&${range(365, true)}&find=`],
    ['documents, supplier (1 y)', `${v}/accountingdocuments?${s}&clientDocuments=false&${range(365, true)}&find=`],
    ['documents, all (1 y)', `${v}/accountingdocuments?${s}&clientDocuments=&${range(365, true)}&find=`],
    [
      'accountingdocuments/{id}',
      `${v}/accountingdocuments/${first(world.accountingDocuments, 'AccountingDocumentId')}`,
    ],
    ...[1, 2, 10, 11].map(
      (type) =>
        /** @type {[string, string]} */ ([
          `entries, type ${type} (1 y)`,
          `${v}/accountingentries?${s}&entryType=${type}&${range(365, true)}&find=`,
        ]),
    ),
    ['accountingentries/{id}', `${v}/accountingentries/${first(world.accountingEntries, 'AccountingEntryId')}`],
  ];
  return gets;
}

/**
 * One world size: the sweep on account `demo`, timed alone, then again while account `other` is read in a loop.
 * @param {'standard' | 'large'} size
 */
async function measureSize(size) {
  const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
  const sim = await createSimulator({ size, rateLimit: false });
  /** @param {string} url @param {RequestInit} [init] */
  const call = async (url, init) => {
    const res = await sim.fetch(new Request(`http://127.0.0.1${url}`, init));
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };
  /** @param {string} prefix */
  const tokenOf = async (prefix) => {
    const issued = await call(`${prefix}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIAL),
    });
    return { authorization: `Bearer ${JSON.parse(issued.body.toString()).access_token}` };
  };
  const headers = await tokenOf('');
  const otherHeaders = await tokenOf('/accounts/other');
  const world = sim.registry.get('demo').world;
  const now = Date.now();
  const gets = sweep(world, now);
  // Every collection generated, and the ranged paths warmed once over ranges a day earlier (a
  // cacheable answer is kept by its query: the timed request is built, not taken from the cache).
  for (const key of Object.keys(world)) void world[key]?.length;
  for (const [, url] of sweep(world, now - DAY)) if (url.includes('start=')) await call(url, { headers });
  await call('/accounts/other/api/v2/sites', { headers: otherHeaders });

  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** @type {{ label: string, status: number, ms: number, rows: number, bytes: number }[]} */
  const lines = [];
  /** @type {{ status: number, body: Buffer }[]} */
  const answers = [];
  // The timed pass, alone: a list built in slices hands the event loop to whatever else runs, so
  // its time is measured with nothing else running.
  for (const [label, url] of gets) {
    /** @type {number[]} */ const times = [];
    let answer = { status: 0, body: Buffer.alloc(0) };
    for (const spelling of url.includes('siteId=') ? SPELLINGS : ['siteId']) {
      const t = performance.now();
      answer = await call(url.replace('siteId=', `${spelling}=`), { headers });
      times.push(performance.now() - t);
      // Back to the event loop between requests, as a server is between two of its sockets' reads.
      await turn();
    }
    answers.push(answer);
    lines.push({ label, status: answer.status, ms: median(times), rows: 0, bytes: answer.body.length });
  }

  // The same sweep again (spelt once more, so nothing is taken from the reply cache), while a read of
  // the other account is wanted every turn of the event loop: from wanting it to having it.
  let stop = false;
  let stall = 0;
  let otherReads = 0;
  const reader = (async () => {
    while (!stop) {
      const t = performance.now();
      await turn();
      await call('/accounts/other/api/v2/sites', { headers: otherHeaders });
      stall = Math.max(stall, performance.now() - t);
      otherReads++;
    }
  })();
  try {
    for (const [, url] of gets) {
      await call(url.replace('siteId=', `${STALL_SPELLING}=`), { headers });
      await turn();
    }
  } finally {
    stop = true;
    await reader;
    await sim.close?.();
  }
  lines.forEach((line, n) => {
    const answer = /** @type {{ status: number, body: Buffer }} */ (answers[n]);
    const json = answer.status === 200 ? JSON.parse(answer.body.toString()) : undefined;
    line.rows = Array.isArray(json) ? json.length : json === undefined || json === null ? 0 : 1;
  });
  const failed = lines.filter((l) => l.status !== 200);
  if (failed.length > 0) throw new Error(`k: not 200: ${failed.map((l) => `${l.label} ${l.status}`).join(', ')}`);
  return { size, lines, stall, otherReads };
}

async function measure() {
  const standard = await measureSize('standard');
  const large = await measureSize('large');
  return { standard, large };
}

/** @param {{ ms: number, rows: number }} l */
const per100 = (l) => (l.rows > 0 ? (l.ms / l.rows) * 100 : Number.NaN);

/**
 * @param {Awaited<ReturnType<typeof measure>>} r
 */
function report(r) {
  const slowest = Math.max(...r.large.lines.map((l) => l.ms), ...r.standard.lines.map((l) => l.ms));
  const stall = Math.max(r.large.stall, r.standard.stall);
  /** @type {number[]} */ const ratios = [];
  const rows = [
    ['GET', 'std ms', 'std rows', 'large ms', 'large rows', 'large bytes', 'large ms/100 rows', 'per row ×std'],
    ...r.large.lines.map((l, n) => {
      const s = /** @type {(typeof r.standard.lines)[number]} */ (r.standard.lines[n]);
      const held = l.rows >= MIN_ROWS && s.rows >= MIN_ROWS;
      const x = ratio(per100(l), per100(s));
      if (held) ratios.push(x);
      return [
        l.label,
        fmt(s.ms),
        String(s.rows),
        fmt(l.ms),
        String(l.rows),
        String(l.bytes),
        l.rows > 0 ? fmt(per100(l), 2) : '-',
        held ? fmt(x, 2) : '-',
      ];
    }),
  ];
  const worstRatio = ratios.length > 0 ? Math.max(...ratios) : Number.NaN;
  const summary = [
    ['figure', 'value', 'target', 'verdict'],
    ['slowest request, ms', fmt(slowest), `< ${TARGETS.requestMs}`, verdict(slowest < TARGETS.requestMs)],
    [
      `worst time per row, large ÷ standard (lists of ≥ ${MIN_ROWS} rows)`,
      fmt(worstRatio, 2),
      `≤ ${TARGETS.perRowRatio}`,
      verdict(worstRatio <= TARGETS.perRowRatio),
    ],
    [
      'longest wait of a read of another account during the sweep, ms',
      fmt(stall),
      `< ${TARGETS.stallMs}`,
      verdict(stall < TARGETS.stallMs),
    ],
  ];
  console.log(textTable(rows));
  console.log(textTable(summary));
  return `## k. Every GET at its widest range

Every GET of version 2, one at a time, in-process (no socket), on account \`demo\` of a standard and
of a large world, each at its widest allowed range (the spec's cap: 90 days for appointments,
schedules and time records, 730 for appointment history; a year where it sets none), after one
untimed pass; a GET with a siteId is timed five times, that name spelt differently each time (a new
query to the reply cache), and the median kept. "per row ×std" is the large world's time per row
against the standard world's, for lists of at least ${MIN_ROWS} rows on both. These times are taken with
nothing else running: a long list is built in slices that hand the event loop to whatever else waits.
The sweep then runs once more (\`siteId\` spelt once more) while account \`other\` of the same simulator
is read in a loop, one read wanted every turn of the event loop (GET /api/v2/sites): its longest read is
the longest every other account waited.

${markdownTable(rows)}

${markdownTable(summary)}
`;
}

export default {
  letter: 'k',
  announce: 'k. every GET at its widest range, standard and large world (in-process)',
  measure,
  report,
};
