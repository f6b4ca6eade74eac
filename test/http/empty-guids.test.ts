import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { JSON_TYPE } from '../../src/errors/errors.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { responseProblems } from '../openapi/response-validator.js';
import { newVoucher } from '../vouchers/support.js';

// The spec types ids `Guid`, a value type: "no value" is the empty Guid, never null. Every answer
// the suite receives is checked for a null in a Guid-typed field (openapi/response-validator.ts);
// these tests name the rule's cases.

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

/** Every answer row the list gives, through the suite's null check. */
const rows = async (path: string) => {
  const res = await call(a, path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body as Record<string, any>[];
};

describe('Guid fields are never null', () => {
  it("every endpoint's example call answers no Guid-typed field as null", async () => {
    let checked = 0;
    for (const endpoint of endpoints) {
      if (!endpoint.example || endpoint.exampleResponse !== undefined) continue;
      const request = endpoint.example(a.world, a.account.clock.now());
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => request.route?.[name] ?? '');
      const search = new URLSearchParams(request.query ?? {}).toString();
      const res = await call(a, `${path}${search ? `?${search}` : ''}`, {
        method: endpoint.method,
        body: request.body,
        apiKey: endpoint.auth === 'apiKey' ? 'demo-api-key' : undefined,
      });
      expect(responseProblems(endpoint.method, `http://h${path}`, res.status, JSON_TYPE, res.text)).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('account-wide clients, employees, catalogue items and time records answer SiteId as the empty Guid', async () => {
    a = await demoApi({ size: 'standard' }); // the small world has no account-wide employee
    const sites = a.world.sites.filter((s) => s.State === 1).map((s) => s.SiteId);
    for (const path of [
      '/api/v2/clients',
      '/api/v2/employees',
      '/api/v2/services',
      '/api/v2/products',
      '/api/v2/timerecords?start=2026-01-01&end=2026-03-16&',
    ]) {
      const got: Record<string, any>[] = [];
      for (const site of sites) {
        const answer = await rows(`${path}${path.includes('?') ? '' : '?'}siteId=${site}`);
        expect(answer.every((r) => r.SiteId === EMPTY || r.SiteId === site)).toBe(true);
        got.push(...answer);
      }
      expect([path, got.some((r) => r.SiteId === EMPTY)]).toEqual([path, true]);
    }
  });

  it('a shared voucher reads back with SiteId the empty Guid', async () => {
    const made = await call(a, `/api/v2/vouchers?siteId=${EMPTY}`, { method: 'POST', body: newVoucher(EMPTY) });
    const got = await call(a, `/api/v2/vouchers/${made.body.Value}`);
    expect(got.body).toMatchObject({ VoucherId: made.body.Value, SiteId: EMPTY, ClientId: EMPTY });
  });

  it('a client without a membership has MembershipId the empty Guid', async () => {
    const plain = a.world.clients.find((c) => c.MembershipId === null)!;
    const got = await call(a, `/api/v2/clients/${plain.ClientId}`);
    expect(got.body).toMatchObject({ ClientId: plain.ClientId, MembershipId: EMPTY });
  });

  it('supplier documents answer ClientId, and client documents SupplierId, as the empty Guid', async () => {
    const site = activeSite(a.world);
    const range = 'start=2025-03-16&end=2026-03-16&find=';
    const clientSide = await rows(`/api/v2/accountingdocuments?siteId=${site}&clientDocuments=true&${range}`);
    const supplierSide = await rows(`/api/v2/accountingdocuments?siteId=${site}&clientDocuments=false&${range}`);
    expect(clientSide.length).toBeGreaterThan(0);
    expect(supplierSide.length).toBeGreaterThan(0);
    expect(clientSide.every((d) => d.SupplierId === EMPTY && d.ClientId !== EMPTY)).toBe(true);
    expect(supplierSide.every((d) => d.ClientId === EMPTY)).toBe(true);
  });

  it('appointments not in a package or series answer PackageId, PackageGroupId and SeriesId as the empty Guid', async () => {
    const single = a.world.appointments.find(
      (x) => x.SeriesId === null && x.AppointmentServices.every((s) => s.PackageId === null),
    )!;
    const got = (await call(a, `/api/v2/appointments/${single.AppointmentId}`)).body;
    expect(got.SeriesId).toBe(EMPTY);
    for (const s of got.AppointmentServices) expect([s.PackageId, s.PackageGroupId]).toEqual([EMPTY, EMPTY]);
  });

  it('the sales report row of sales attributed to no employee has EmployeeId the empty Guid', async () => {
    const report = await call(a, '/api/v2/reports/sales?start=2025-03-16&end=2026-03-15 23:59');
    const unattributed = report.body.Employees.filter((r: any) => r.EmployeeId === EMPTY);
    expect(unattributed).toHaveLength(1);
    expect(unattributed[0]).toMatchObject({ FirstName: '', LastName: '' });
  });

  it('emailexists keeps its bare null: the answer itself, not a field', async () => {
    const res = await call(a, `/api/v2/clients/emailexists?siteId=${activeSite(a.world)}&email=nobody@example.invalid`);
    expect([res.status, res.text]).toEqual([200, 'null']);
  });

  it('the published document types no answer field as a nullable Guid', async () => {
    const text = await readFile(new URL('../../openapi/openapi.json', import.meta.url), 'utf8');
    const nullableGuid = /\{"anyOf":\[\{"type":"string","format":"uuid"[^\]]*\},\{"type":"null"\}\]/g;
    const document = JSON.parse(text);
    const schemas = JSON.stringify(document.components.schemas);
    expect(schemas.match(nullableGuid) ?? []).toEqual([]);
  });

  it("the suite's check finds a null in a Guid-typed field at any depth", async () => {
    const problems = (path: string, body: unknown) =>
      responseProblems('GET', `http://h/accounts/x${path}`, 200, JSON_TYPE, JSON.stringify(body));
    const [row] = await rows(`/api/v2/clients?siteId=${activeSite(a.world)}`);
    expect(problems('/api/v2/clients', [{ ...row, SiteId: null }])).toContain(
      'GET /api/v2/clients → 200: /0/SiteId is a Guid answered as null',
    );
    const appointment = (await call(a, `/api/v2/appointments/${a.world.appointments[0]!.AppointmentId}`)).body;
    appointment.AppointmentServices[0].PackageId = null;
    expect(problems(`/api/v2/appointments/${EMPTY}`, appointment)).toContain(
      `GET /api/v2/appointments/${EMPTY} → 200: /AppointmentServices/0/PackageId is a Guid answered as null`,
    );
  });
});
