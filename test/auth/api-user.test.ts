import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { book, bookable, oneService } from '../appointments/support.js';
import { call, type DemoApi, demoApi, EMPTY, tokenFor } from '../helpers.js';
import { createReceipt, newReceipt } from '../sales/support.js';

// Each credential (and each version 1 API key) acts as one API user with a stable UserId: the
// records its calls create carry it, where the body sends none.

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const userOf = async (id: string) => (await call(d, `/api/v2/appointments/${id}`)).body.UserId as string;

describe('the API user of a credential', () => {
  it('an appointment booked with a credential carries its UserId, the same on every call and not empty', async () => {
    const first = await userOf(await book(d));
    expect(first).not.toBe(EMPTY);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await userOf(await book(d))).toBe(first);
  });

  it('another credential is another user; rotating the client id or refreshing keeps the user', async () => {
    const mine = await userOf(await book(d));
    const created = await call(d, '/__admin/accounts/demo/credentials', { method: 'POST', body: {} });
    const other = { ...d, token: await tokenFor(d.sim, '', created.body) };
    const theirs = await userOf(await book(other));
    expect(theirs).not.toBe(mine);
    expect(theirs).not.toBe(EMPTY);
    const rotated = await call(d.sim, '/api/v2/token/rotate-clientid', { method: 'POST', body: created.body });
    const again = { ...d, token: await tokenFor(d.sim, '', { ...created.body, clientId: rotated.body.client_id }) };
    expect(await userOf(await book(again))).toBe(theirs);
  });

  it('a UserId sent in the body wins', async () => {
    const sent = '6f1f1d0a-3c55-4b8e-9d0e-2a4f6c8e0b11';
    expect(await userOf(await book(d, { ...oneService(d.world), UserId: sent }))).toBe(sent);
  });

  it("a receipt created through the API carries the same UserId as the credential's appointments", async () => {
    const user = await userOf(await book(d));
    const id = await createReceipt(d, newReceipt(d.world, null, 10));
    expect((await call(d, `/api/v2/accountingentries/${id}`)).body.UserId).toBe(user);
  });

  it('a version 1 API key is a user of its own', async () => {
    const byCredential = await userOf(await book(d));
    const res = await call(d.sim, `/api/appointments?siteId=${bookable(d.world).siteId}`, {
      method: 'POST',
      apiKey: DEMO_API_KEY,
      body: oneService(d.world),
    });
    expect(res.status).toBe(200);
    const byKey = await userOf(res.body.Value);
    expect(byKey).not.toBe(EMPTY);
    expect(byKey).not.toBe(byCredential);
  });
});
