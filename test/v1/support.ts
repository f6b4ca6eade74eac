import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { type Call, call } from '../helpers.js';

export { answer } from '../helpers.js';

// Version 1 calls: the ServiceApiKey header instead of a bearer token.

export const v1Call = (sim: Simulator, path: string, c: Call & { key?: string } = {}): Promise<Response> => {
  const { key = DEMO_API_KEY, ...rest } = c;
  return call(sim, path, { ...rest, headers: { ServiceApiKey: key, ...rest.headers } });
};
