// Memory per access token, and the cost of issuing and checking with every credential full.
//
// Usage: npm run build && node --expose-gc bench/token-memory.js [credentials]
//
// Fills `credentials` credentials (default 10) of one account's auth data with their
// TOKENS_PER_CREDENTIAL tokens each through the domain functions the token endpoint calls, and
// reads heapUsed after four full collections before and after: the difference over the number of
// tokens is the memory per held token (its stored record, its hash as a key, and its place in the
// per-credential index). The token strings themselves are the callers' and are not kept. Then, with
// every credential at its cap, times issuing (each issue drops the oldest) and checking.

import { seededAuth } from '../dist/auth/credentials.js';
import { checkToken, issueToken, TOKENS_PER_CREDENTIAL } from '../dist/auth/tokens.js';

if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc bench/token-memory.js');
  process.exit(2);
}

const CREDENTIALS = Number(process.argv[2] ?? 10);
const NOW = Date.parse('2026-03-16T09:00:00Z');

function settled() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  return process.memoryUsage();
}

const auth = seededAuth(NOW);
const template = auth.credentials[0];
for (let i = 2; i <= CREDENTIALS; i++)
  auth.credentials.push({ ...template, id: `credential-${i}`, clientId: `client-${i}` });

// Warm the code paths on a throwaway copy, so compiled code is not counted as token memory.
const warm = seededAuth(NOW);
for (let i = 0; i < 2000; i++) checkToken(warm, issueToken(warm, warm.credentials[0], NOW).token, NOW);

const before = settled();
let started = performance.now();
for (const credential of auth.credentials) {
  for (let i = 0; i < TOKENS_PER_CREDENTIAL; i++) issueToken(auth, credential, NOW);
}
const fillMs = performance.now() - started;
const after = settled();
const held = Object.keys(auth.tokens).length;
const perToken = (after.heapUsed - before.heapUsed) / held;
const jsonPerToken = Buffer.byteLength(JSON.stringify(auth.tokens)) / held;

// At the cap: every issue drops the oldest of its credential.
const ROUNDS = 20_000;
const issued = [];
started = performance.now();
for (let i = 0; i < ROUNDS; i++) issued.push(issueToken(auth, auth.credentials[i % CREDENTIALS], NOW).token);
const issueUs = ((performance.now() - started) * 1000) / ROUNDS;
const recent = issued.slice(-ROUNDS / 2);
started = performance.now();
let valid = 0;
for (const token of recent) if (checkToken(auth, token, NOW).ok) valid++;
const checkUs = ((performance.now() - started) * 1000) / recent.length;
if (valid !== recent.length || Object.keys(auth.tokens).length !== held) throw new Error('the cap did not hold');

const figures = {
  credentials: CREDENTIALS,
  tokensHeld: held,
  heapUsedBeforeMiB: +(before.heapUsed / 2 ** 20).toFixed(1),
  heapUsedAfterMiB: +(after.heapUsed / 2 ** 20).toFixed(1),
  bytesPerToken: Math.round(perToken),
  jsonBytesPerToken: Math.round(jsonPerToken),
  fillUsPerToken: +((fillMs * 1000) / held).toFixed(2),
  issueAtCapUs: +issueUs.toFixed(2),
  checkUs: +checkUs.toFixed(2),
};
console.log(`${held} tokens held (${CREDENTIALS} credentials × ${TOKENS_PER_CREDENTIAL}), Node ${process.version}`);
console.log(
  `heapUsed after full collections: ${figures.heapUsedBeforeMiB} MiB before, ${figures.heapUsedAfterMiB} MiB after`,
);
console.log(
  `memory per token: ${figures.bytesPerToken} bytes (in a data file: ${figures.jsonBytesPerToken} bytes of JSON)`,
);
console.log(
  `issue at the cap: ${figures.issueAtCapUs} µs; check: ${figures.checkUs} ` +
    `µs (while filling: ${figures.fillUsPerToken} µs)`,
);
console.log(JSON.stringify(figures));
