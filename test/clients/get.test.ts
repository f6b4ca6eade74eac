import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { all, signedUp } from './support.js';

let c: DemoApi;
beforeAll(async () => {
  c = await demoApi();
});

describe('GET /api/v2/clients/{id}', () => {
  it('answers the full record: addresses, notes, account details and membership', async () => {
    const x = all(c.world).find((y) => y.ClientNotes.length > 0 && y.MembershipId !== null)!;
    const res = await call(c, `/api/v2/clients/${x.ClientId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ClientId: x.ClientId,
      PhysicalAddress: x.PhysicalAddress,
      BillingAddress: x.BillingAddress,
      PostalAddress: x.PostalAddress,
      MembershipId: x.MembershipId,
      MembershipNumber: x.MembershipNumber,
      AcceptsMarketing: x.AcceptsMarketing,
      HasAccountPassword: x.PasswordHash !== null,
    });
    expect(res.body.ClientNotes).toEqual(x.ClientNotes.map((n) => ({ ...n, ObjectState: 0 })));
  });

  it('never answers PasswordHash or any password', async () => {
    const x = signedUp(c.world);
    const res = await call(c, `/api/v2/clients/${x.ClientId}`);
    expect(res.body.HasAccountPassword).toBe(true);
    expect(res.text).not.toMatch(/"PasswordHash"|"AccountPassword"|\$pbkdf2|\$sha1|Password1!/);
  });

  it('an unknown well-formed id answers 200 null', async () => {
    const res = await call(c, `/api/v2/clients/${UNKNOWN}`);
    expect([res.status, res.text]).toEqual([200, 'null']);
  });

  it('a malformed id answers 404', async () => {
    expect((await call(c, '/api/v2/clients/not-a-guid')).status).toBe(404);
  });
});
