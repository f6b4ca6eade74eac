import { describe, expect, it } from 'vitest';
import { call, demoApi, EMPTY, UNKNOWN } from '../helpers.js';

// A site id that names no site of the account is one kind of problem, and every area words it the
// same way: `The <field> '<id>' does not exist.` on the field that carried it.

const writes: [string, string, (site: string) => unknown][] = [
  [
    'POST /api/v2/clients',
    `/api/v2/clients?siteId=${UNKNOWN}`,
    () => ({ ClientId: EMPTY, FirstName: 'A', LastName: 'B', Gender: 1 }),
  ],
  ['POST /api/v2/classes', `/api/v2/classes?siteId=${UNKNOWN}`, () => ({ ClassId: EMPTY, Name: 'X' })],
  [
    'POST /api/v2/vouchers',
    `/api/v2/vouchers?siteId=${UNKNOWN}`,
    (site) => ({ VoucherId: EMPTY, SiteId: site, ExpiryDate: '2027-01-01 00:00', Amount: 10 }),
  ],
  [
    'POST /api/v2/accountingdocuments',
    `/api/v2/accountingdocuments?siteId=${UNKNOWN}`,
    (site) => ({ AccountingDocumentTypeId: 1, SiteId: site, AccountingDocumentLineItems: [] }),
  ],
  [
    'POST /api/v2/accountingentries',
    `/api/v2/accountingentries?siteId=${UNKNOWN}`,
    (site) => ({ AccountingEntryTypeId: 1, SiteId: site, Total: 1 }),
  ],
  [
    'POST /api/v2/appointments',
    `/api/v2/appointments?siteId=${UNKNOWN}`,
    () => ({
      ClientId: UNKNOWN,
      AppointmentServices: [{ ServiceId: UNKNOWN, Start: '2026-03-17 10:00', Employees: [], Resources: [] }],
    }),
  ],
];

describe('an unknown site', () => {
  it.each(writes)('%s answers 400 with the one unknown-site message on siteId', async (_name, url, body) => {
    const { sim, token } = await demoApi();
    const res = await call(sim, url, { method: 'POST', token, body: body(UNKNOWN) });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.siteId).toEqual([`The siteId '${UNKNOWN}' does not exist.`]);
  });
});
