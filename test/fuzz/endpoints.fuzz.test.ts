import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import type { Endpoint } from '../../src/http/endpoint.js';
import {
  build,
  describe as describeRequest,
  documents500,
  exampleOf,
  FUZZ_RUNS,
  FUZZ_SEED,
  fuzzParams,
  type Mutation,
  mutations,
  prototypeKeys,
  stateHash,
  toRequest,
  useFuzzWorld,
} from './support.js';

// Every endpoint of the table (version 2 and version 1) gets generated bad input. Whatever is
// sent, the answer is one of the endpoint's documented statuses with its documented body (the
// simulator used here checks each answer against openapi/openapi.json), never an unexpected 5xx,
// and a refused request leaves the account's data exactly as it was.

const suite = useFuzzWorld();

async function check(endpoint: Endpoint, m: Mutation): Promise<void> {
  const built = build(endpoint, exampleOf(endpoint, suite.fw), suite.fw.token, m);
  const version = suite.fw.account.version;
  let status = 0;
  let text = '';
  try {
    const response = await suite.fw.sim.fetch(toRequest(built));
    status = response.status;
    text = await response.text();
    expect(suite.crashes.take(), 'an exception reached the error handler').toEqual([]);
    if (status >= 500) expect(documents500(endpoint), `undocumented ${status}`).toBe(true);
    if (m.kind === 'routeId') expect(status, 'a malformed route id matches no route').toBe(404);
    expect(text, "a message in the validator library's words").not.toMatch(LIBRARY_WORDS);
    expect(prototypeKeys(), 'Object.prototype gained keys').toEqual([]);
    if (status < 200 || status >= 300) {
      expect(suite.fw.account.version, 'a refused request saved the account').toBe(version);
      if (stateHash(suite.fw.account) !== suite.fw.baselineHash)
        expect(suite.fw.changes(), 'a refused request changed the account data').toEqual([]);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${reason}\n--- sent (FUZZ_SEED=${FUZZ_SEED}):\n${describeRequest(built)}\n--- ` +
        `answer ${status}: ${text.slice(0, 400)}`,
    );
  } finally {
    if (suite.fw.account.version !== version) await suite.fw.restore();
  }
}

// Zod's own phrasings; the service speaks ASP.NET's (`The X field is required.`, `The value 'v' is not valid…`).
const LIBRARY_WORDS = /Invalid input|Invalid option|received undefined|expected \w+, received|Too small:|Too big:/;

const label = (e: Endpoint) => `${e.method} ${e.path} (${e.operationId})`;

describe(`every endpoint answers generated bad input with a documented status and body, and refusals change nothing (${FUZZ_RUNS} runs each, seed ${FUZZ_SEED})`, () => {
  it.each(endpoints.map((e) => [label(e), e] as const))(
    '%s',
    async (_, endpoint) => {
      await fc.assert(
        fc.asyncProperty(mutations(endpoint), (m) => check(endpoint, m)),
        fuzzParams(),
      );
    },
    Math.max(20_000, FUZZ_RUNS * 200),
  );
});
