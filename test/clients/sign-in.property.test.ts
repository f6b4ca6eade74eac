import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi } from '../helpers.js';
import { authUrl, create, newClient } from './support.js';

let c: DemoApi;
beforeAll(async () => {
  c = await demoApi();
});

// Passwords of printable text with at least one non-space character; whitespace around them is
// what a sign-in form may add.
const password = fc.string({ minLength: 1, maxLength: 40 }).filter((p) => p.trim() !== '' && p === p.trim());
const padding = fc.constantFrom('', ' ', '  ', '\t', ' \t ');

describe('sign-in property', () => {
  it('a client created with a password can always sign in with it (surrounding whitespace included) and with nothing else', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(password, padding, padding, fc.string({ maxLength: 40 }), async (pw, before, after, other) => {
        const email = `prop${++n}@example.com`;
        const id = await create(c, newClient({ Email: email, AccountPassword: pw }));
        expect((await call(c, authUrl(id, email, `${before}${pw}${after}`))).status).toBe(200);
        if (other.trim() !== pw) expect((await call(c, authUrl(id, email, other))).status).toBe(401);
      }),
      { numRuns: 40, seed: 20260316 },
    );
  });
});
