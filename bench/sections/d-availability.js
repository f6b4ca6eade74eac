// d. The latency of GET /api/v2/appointments/availabletimes for a two-service cart on a busy day
// of the large world, in-process (no socket), against GET /api/v2/ping in the same process.

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CREDENTIAL, ROOT } from '../lib/config.js';
import { fmt, markdownTable, median, percentile, ratio, textTable, verdict } from '../lib/stats.js';

const AVAILABILITY_WARMUP = 50;
const AVAILABILITY_RUNS = 200;
const AFTER_WRITE_RUNS = 20;
const TARGETS = { availabilityMedianMs: 10 };

/**
 * Part d, in-process (dist/app.js, no socket): a large-world simulator with the rate limit off.
 * The busy day is the day from tomorrow on, within a week, with the most appointments at the
 * first active site; the two services are the pair booked most that day (most booked first) for
 * which availabletimes offers at least one time. After {@link AVAILABILITY_WARMUP} unmeasured
 * calls, {@link AVAILABILITY_RUNS} measured ones, then as many GET /api/v2/ping as the baseline.
 */
async function measureAvailability() {
  const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
  const started = performance.now();
  const sim = await createSimulator({ size: 'large', rateLimit: false });
  /** @param {string} url @param {RequestInit} [init] */
  const call = async (url, init) => {
    const res = await sim.fetch(new Request(`http://127.0.0.1${url}`, init));
    return { status: res.status, text: await res.text() };
  };
  const issued = await call('/api/v2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIAL),
  });
  const headers = { authorization: `Bearer ${JSON.parse(issued.text).access_token}` };
  const world = sim.registry.get('demo').world;
  // Collections are generated on first touch; the setup figure includes the diary's.
  void world.appointments.length;
  const setup = performance.now() - started;

  const site = world.sites
    .filter((/** @type {any} */ s) => s.State === 1)
    .sort((/** @type {any} */ a, /** @type {any} */ b) => (a.Name < b.Name ? -1 : 1))[0];
  const cancelled = world.appointmentStates.find((/** @type {any} */ s) => s.Name === 'Cancelled')?.AppointmentStateId;
  const booked = world.appointments.filter(
    (/** @type {any} */ a) => a.SiteId === site.SiteId && a.AppointmentStateId !== cancelled,
  );
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dayText = (/** @type {number} */ d) => new Date(today + d * 86_400_000).toISOString().slice(0, 10);
  const perDay = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
    day: dayText(d),
    count: booked.filter((/** @type {any} */ a) => a.Start.startsWith(dayText(d))).length,
  }));
  const { day, count } = perDay.sort((a, b) => b.count - a.count)[0] ?? { day: dayText(1), count: 0 };
  /** @type {Map<string, number>} */
  const popularity = new Map();
  for (const a of booked.filter((/** @type {any} */ x) => x.Start.startsWith(day))) {
    for (const s of a.AppointmentServices) popularity.set(s.ServiceId, (popularity.get(s.ServiceId) ?? 0) + 1);
  }
  const ranked = [...popularity.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const timesUrl = (/** @type {string} */ first, /** @type {string} */ second) =>
    `/api/v2/appointments/availabletimes?siteId=${site.SiteId}&day=${day}&services=${first}&services=${second}` +
    '&packageId=&clientId=&serviceSequence=1';
  let url = '';
  let offers = 0;
  search: for (const first of ranked) {
    for (const second of ranked) {
      if (first === second) continue;
      const answer = await call(timesUrl(first, second), { headers });
      if (answer.status !== 200)
        throw new Error(`availabletimes answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      offers = JSON.parse(answer.text).length;
      if (offers > 0) {
        url = timesUrl(first, second);
        break search;
      }
    }
  }
  if (url === '') throw new Error(`no pair of services has a time at ${site.Name} on ${day}`);

  /** @param {string} target */
  const time = async (target) => {
    for (let i = 0; i < AVAILABILITY_WARMUP; i++) await call(target, { headers });
    /** @type {number[]} */ const ms = [];
    for (let i = 0; i < AVAILABILITY_RUNS; i++) {
      const t = performance.now();
      const answer = await call(target, { headers });
      ms.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    }
    return ms;
  };
  const times = await time(url);
  const ping = await time('/api/v2/ping');

  // After a write the diary index is rebuilt by the first question: a state change of another
  // site's appointment (Booked ⇄ Confirmed) before each measured call.
  const other = world.appointments.find(
    (/** @type {any} */ a) => a.SiteId !== site.SiteId && a.AppointmentStateId !== cancelled,
  );
  const stateIds = ['Booked', 'Confirmed'].map(
    (name) => world.appointmentStates.find((/** @type {any} */ s) => s.Name === name)?.AppointmentStateId,
  );
  /** @type {number[]} */ const afterWrite = [];
  for (let i = 0; i < AFTER_WRITE_RUNS; i++) {
    const moved = await call(
      `/api/v2/appointments/setstate?appointmentId=${other.AppointmentId}&appointmentStateId=${stateIds[i % 2]}`,
      { method: 'POST', headers },
    );
    if (moved.status !== 200) throw new Error(`setstate answered ${moved.status}: ${moved.text.slice(0, 300)}`);
    const t = performance.now();
    await call(url, { headers });
    afterWrite.push(performance.now() - t);
  }
  return { setup, site: site.Name, day, appointments: count, offers, services: ranked.length, times, ping, afterWrite };
}

/**
 * @param {Awaited<ReturnType<typeof measureAvailability>>} d
 * @returns {string[][]}
 */
function report(d) {
  const timesMedian = median(d.times);
  const pingMedian = median(d.ping);
  const tableD = [
    ['in-process, ms', 'availabletimes', 'ping', 'ratio', 'target', 'status'],
    [
      `median of ${AVAILABILITY_RUNS}`,
      fmt(timesMedian, 2),
      fmt(pingMedian, 3),
      fmt(ratio(timesMedian, pingMedian), 0),
      `≤ ${TARGETS.availabilityMedianMs} ms`,
      verdict(timesMedian <= TARGETS.availabilityMedianMs),
    ],
    [
      'p95',
      fmt(percentile(d.times, 95), 2),
      fmt(percentile(d.ping, 95), 3),
      fmt(ratio(percentile(d.times, 95), percentile(d.ping, 95)), 0),
      '',
      '',
    ],
    [
      'min / max',
      `${fmt(Math.min(...d.times), 2)} / ${fmt(Math.max(...d.times), 2)}`,
      `${fmt(Math.min(...d.ping), 3)} / ${fmt(Math.max(...d.ping), 3)}`,
      '',
      '',
      '',
    ],
    [`first call after a write (median of ${AFTER_WRITE_RUNS})`, fmt(median(d.afterWrite), 2), '', '', '', ''],
  ];
  console.log(
    `d. Availability (${d.site}, ${d.day}: ${d.appointments} appointments ` +
      `at the site that day, ${d.offers} times offered; large world built ` +
      `in ${fmt(d.setup, 0)} ms)\n`,
  );
  console.log(textTable(tableD));
  console.log('');
  return tableD;
}

export default {
  letter: 'd',
  announce: `d. availability: ${AVAILABILITY_RUNS} × GET availabletimes (large world, in-process)`,
  measure: () => measureAvailability(),
  /** @param {Awaited<ReturnType<typeof measureAvailability>>} d */
  report(d) {
    const table = report(d);
    return `## d. Availability

\`GET /api/v2/appointments/availabletimes\` for two services one after another on the busiest day of the coming
week at ${d.site} in the \`large\` world (${d.appointments} appointments there that day; ${d.offers} times offered),
in-process through \`createSimulator\` from \`dist/app.js\` (no socket, rate limit off):
${AVAILABILITY_WARMUP} unmeasured calls, then ${AVAILABILITY_RUNS} measured; the baseline is \`GET /api/v2/ping\`
measured the same way in the same process.
The diary index is kept per data version: "first call after a write" times the call that rebuilds it,
after a \`setstate\` on another site's appointment (informational, no target).

${markdownTable(table)}
`;
  },
};
