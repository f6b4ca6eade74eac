// e. Memory per idle account: 1 000 standard accounts, each created through the control plane,
// given a token and read once, in a child process with `--expose-gc`; heap and RSS after full
// collections, per account, against the empty process.

import path from 'node:path';
import { spawnNode } from '../lib/children.js';
import { ROOT } from '../lib/config.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const ACCOUNTS = 1000;
const MIB = 1024 * 1024;
const TARGETS = { perAccountMiB: 5 };
const CHILD = path.join(ROOT, 'bench', 'sections', 'e-memory-child.js');

/** @typedef {{ heapUsed: number, rss: number }} Memory */
/** @typedef {{ count: number, empty: Memory, warm: Memory, after: Memory, ms: number }} MemoryFigures */

/** @returns {Promise<MemoryFigures>} */
async function measureMemory() {
  const run = spawnNode(['--expose-gc', CHILD, ROOT, String(ACCOUNTS)]);
  const code = await new Promise((resolve) => run.child.once('exit', resolve));
  const line = run
    .output()
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .at(-1);
  if (code !== 0 || line === undefined) throw new Error(`memory child exited with ${code}:\n${run.output()}`);
  return JSON.parse(line);
}

/**
 * @param {MemoryFigures} e
 * @returns {string[][]}
 */
function report(e) {
  const heapPer = (e.after.heapUsed - e.warm.heapUsed) / e.count;
  const rssPer = (e.after.rss - e.warm.rss) / e.count;
  const table = [
    [`${e.count} idle standard accounts`, 'per account (MiB)', 'empty process (MiB)', 'ratio', 'target', 'status'],
    [
      'heapUsed',
      fmt(heapPer / MIB, 3),
      fmt(e.empty.heapUsed / MIB, 1),
      fmt(ratio(heapPer, e.empty.heapUsed), 3),
      `≤ ${TARGETS.perAccountMiB} MiB`,
      verdict(heapPer <= TARGETS.perAccountMiB * MIB),
    ],
    [
      'RSS',
      fmt(rssPer / MIB, 3),
      fmt(e.empty.rss / MIB, 1),
      fmt(ratio(rssPer, e.empty.rss), 3),
      `≤ ${TARGETS.perAccountMiB} MiB`,
      verdict(rssPer <= TARGETS.perAccountMiB * MIB),
    ],
    [
      'heapUsed / RSS with one warm account (MiB)',
      `${fmt(e.warm.heapUsed / MIB, 1)} / ${fmt(e.warm.rss / MIB, 1)}`,
      '',
      '',
      '',
      '',
    ],
    [
      `heapUsed / RSS with ${e.count + 1} accounts (MiB)`,
      `${fmt(e.after.heapUsed / MIB, 1)} / ${fmt(e.after.rss / MIB, 1)}`,
      '',
      '',
      '',
      '',
    ],
    ['time to create and touch each account (ms)', fmt(e.ms / e.count, 2), '', '', '', ''],
  ];
  console.log(
    `e. Memory per idle account (${e.count} standard accounts in one process; baseline: the empty Node process)\n`,
  );
  console.log(textTable(table));
  console.log('');
  return table;
}

export default {
  letter: 'e',
  announce: `e. memory: ${ACCOUNTS} idle standard accounts in a child process (node --expose-gc)`,
  measure: () => measureMemory(),
  /** @param {MemoryFigures} e */
  report(e) {
    const table = report(e);
    return `## e. Memory per idle account

In a child process started with \`node --expose-gc\` (\`bench/sections/e-memory-child.js\`), the
simulator from \`dist/app.js\` in-process (no socket). One warm account first builds the shared
\`standard\` template (paid once per process, not per account). Then ${e.count} accounts are each
created with \`POST /__admin/accounts\` (\`"size":"standard"\`), given a token
(\`POST /accounts/<name>/api/v2/token\`) and read once (\`GET /accounts/<name>/api/v2/sites\`), as an
idle integration account would be. heapUsed and RSS are read after four full collections, before
and after the ${e.count} accounts; the per-account figure is the difference divided by ${e.count}. The
baseline is the empty Node process (the same reading before the simulator is imported); the ratio is
per-account memory over it.

${markdownTable(table)}
`;
  },
};
