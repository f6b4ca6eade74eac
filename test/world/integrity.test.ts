import { describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../../src/world/common.js';
import type { World } from '../../src/world/index.js';
import { world } from './fixtures.js';

function ids(w: World) {
  return {
    sites: new Set(w.sites.map((s) => s.SiteId)),
    resources: new Map(w.resources.map((r) => [r.ResourceId, r])),
    services: new Map(w.services.map((s) => [s.ServiceId, s])),
    products: new Set(w.products.map((p) => p.ProductId)),
    packages: new Map(w.packages.map((p) => [p.PackageId, p])),
    memberships: new Set(w.memberships.map((m) => m.MembershipId)),
    employees: new Map(w.employees.map((e) => [e.EmployeeId, e])),
    clients: new Map(w.clients.map((c) => [c.ClientId, c])),
    states: new Set(w.appointmentStates.map((s) => s.AppointmentStateId)),
    sources: new Set(w.sources.map((s) => s.SourceId)),
    clientTypes: new Set(w.clientTypes.map((s) => s.ClientTypeId)),
    classes: new Set(w.classes.map((c) => c.ClassId)),
    schedules: new Set(w.classSchedules.map((c) => c.ClassScheduleId)),
    suppliers: new Set(w.suppliers.map((s) => s.SupplierId)),
    paymentTypes: new Set(w.paymentTypes.map((p) => p.PaymentTypeId)),
    drawers: new Map(w.cashDrawers.map((d) => [d.CashDrawerId, d])),
    documents: new Map(w.accountingDocuments.map((d) => [d.AccountingDocumentId, d])),
    vouchers: new Set(w.vouchers.map((v) => v.VoucherId)),
    forms: new Set(w.customForms.map((f) => f.CustomFormId)),
  };
}

const siteOrNull = (sites: Set<string>, id: string | null) => id === null || sites.has(id);

describe.each(['small', 'standard'] as const)('referential integrity (%s)', (size) => {
  const w = world(size);
  const x = ids(w);

  it('every primary id is unique across the whole account', () => {
    const all = [
      ...w.sites.map((r) => r.SiteId),
      ...w.resources.map((r) => r.ResourceId),
      ...w.services.map((r) => r.ServiceId),
      ...w.products.map((r) => r.ProductId),
      ...w.packages.map((r) => r.PackageId),
      ...w.courses.map((r) => r.CourseId),
      ...w.memberships.map((r) => r.MembershipId),
      ...w.employees.map((r) => r.EmployeeId),
      ...w.schedules.map((r) => r.EmployeeScheduleId),
      ...w.clients.map((r) => r.ClientId),
      ...w.clients.flatMap((c) => c.ClientNotes.map((n) => n.ClientNoteId)),
      ...w.appointmentStates.map((r) => r.AppointmentStateId),
      ...w.sources.map((r) => r.SourceId),
      ...w.clientTypes.map((r) => r.ClientTypeId),
      ...w.appointments.map((r) => r.AppointmentId),
      ...w.appointments.flatMap((a) => a.AppointmentServices.map((s) => s.AppointmentServiceId)),
      ...w.classes.map((r) => r.ClassId),
      ...w.classSchedules.map((r) => r.ClassScheduleId),
      ...w.classBookings.map((r) => r.ClassBookingId),
      ...w.suppliers.map((r) => r.SupplierId),
      ...w.paymentTypes.map((r) => r.PaymentTypeId),
      ...w.cashDrawers.map((r) => r.CashDrawerId),
      ...w.accountingDocuments.map((r) => r.AccountingDocumentId),
      ...w.accountingDocuments.flatMap((d) => d.AccountingDocumentLineItems.map((l) => l.AccountingDocumentLineItemId)),
      ...w.accountingEntries.map((r) => r.AccountingEntryId),
      ...w.vouchers.map((r) => r.VoucherId),
      ...w.timeRecords.map((r) => r.TimeRecordId),
      ...w.customForms.map((r) => r.CustomFormId),
      ...w.clientCustomForms.map((r) => r.ClientCustomFormId),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(EMPTY_GUID);
  });

  it('catalogue links point at existing sites, resources and services', () => {
    for (const s of w.services) {
      expect(siteOrNull(x.sites, s.SiteId)).toBe(true);
      for (const r of s.ResourceIds) {
        const resource = x.resources.get(r);
        expect(resource).toBeDefined();
        if (s.SiteId !== null) expect(resource?.SiteId).toBe(s.SiteId);
      }
    }
    for (const p of w.products) {
      expect(siteOrNull(x.sites, p.SiteId)).toBe(true);
      for (const stock of p.Stock) expect(x.sites.has(stock.SiteId)).toBe(true);
    }
    for (const p of w.packages) for (const s of p.Services) expect(x.services.has(s.ServiceId)).toBe(true);
    for (const c of w.courses) for (const s of c.ServiceIds) expect(x.services.has(s)).toBe(true);
    for (const r of w.resources) expect(siteOrNull(x.sites, r.SiteId)).toBe(true);
    for (const m of w.memberships) expect(siteOrNull(x.sites, m.SiteId)).toBe(true);
  });

  it('employees, rosters and time records point at existing sites, services and employees', () => {
    for (const e of w.employees) {
      expect(siteOrNull(x.sites, e.SiteId)).toBe(true);
      for (const s of e.ServiceIds) expect(x.services.has(s)).toBe(true);
    }
    for (const s of w.schedules) {
      expect(x.employees.has(s.EmployeeId)).toBe(true);
      expect(x.sites.has(s.SiteId)).toBe(true);
    }
    for (const t of w.timeRecords) {
      expect(x.employees.has(t.EmployeeId)).toBe(true);
      expect(siteOrNull(x.sites, t.SiteId)).toBe(true);
    }
  });

  it('clients point at existing sites and memberships, and own their notes', () => {
    for (const c of w.clients) {
      expect(siteOrNull(x.sites, c.SiteId)).toBe(true);
      if (c.MembershipId !== null) expect(x.memberships.has(c.MembershipId)).toBe(true);
      for (const n of c.ClientNotes) expect(n.ClientId).toBe(c.ClientId);
    }
  });

  it('appointments point at existing sites, clients, lookups, services, employees and resources', () => {
    for (const a of w.appointments) {
      expect(x.sites.has(a.SiteId)).toBe(true);
      expect(x.clients.has(a.ClientId)).toBe(true);
      expect(x.states.has(a.AppointmentStateId)).toBe(true);
      expect(x.sources.has(a.SourceId)).toBe(true);
      expect(x.clientTypes.has(a.ClientTypeId)).toBe(true);
      expect(a.UserId === EMPTY_GUID || x.employees.has(a.UserId)).toBe(true);
      if (a.InvoiceId !== null) expect(x.documents.get(a.InvoiceId)?.AccountingDocumentTypeId).toBe(1);
      expect(a.AppointmentServices.length).toBeGreaterThan(0);
      for (const s of a.AppointmentServices) {
        expect(s.AppointmentId).toBe(a.AppointmentId);
        expect(s.ClientId).toBe(a.ClientId);
        const service = x.services.get(s.ServiceId);
        expect(service?.Name).toBe(s.Description);
        if (s.PackageId !== null) expect(x.packages.has(s.PackageId)).toBe(true);
        for (const e of s.Employees) {
          const employee = x.employees.get(e.EmployeeId);
          expect(employee && `${employee.FirstName} ${employee.LastName}`).toBe(`${e.FirstName} ${e.LastName}`);
        }
        for (const r of s.Resources) {
          expect(x.resources.get(r.ResourceId)?.Name).toBe(r.Name);
          expect(x.resources.get(r.ResourceId)?.SiteId).toBe(a.SiteId);
        }
      }
    }
  });

  it('classes, schedules and bookings point at existing sites, employees, classes and clients', () => {
    for (const c of w.classes) expect(x.sites.has(c.SiteId)).toBe(true);
    for (const s of w.classSchedules) {
      expect(x.classes.has(s.ClassId)).toBe(true);
      expect(x.sites.has(s.SiteId)).toBe(true);
      expect(x.employees.has(s.EmployeeId)).toBe(true);
    }
    for (const b of w.classBookings) {
      expect(x.schedules.has(b.ClassScheduleId)).toBe(true);
      expect(x.clients.has(b.ClientId)).toBe(true);
    }
  });

  it('sales documents and entries point at existing sites, parties, items, drawers and vouchers', () => {
    for (const d of w.cashDrawers) expect(x.sites.has(d.SiteId)).toBe(true);
    for (const d of w.accountingDocuments) {
      expect(x.sites.has(d.SiteId)).toBe(true);
      if (d.ClientId !== null) expect(x.clients.has(d.ClientId)).toBe(true);
      if (d.SupplierId !== null) expect(x.suppliers.has(d.SupplierId)).toBe(true);
      if (d.LinkedAccountingDocumentId !== null) expect(x.documents.has(d.LinkedAccountingDocumentId)).toBe(true);
      if (d.TransferSiteId !== null) expect(x.sites.has(d.TransferSiteId)).toBe(true);
      for (const l of d.AccountingDocumentLineItems) {
        if (l.ServiceId !== null) expect(x.services.has(l.ServiceId)).toBe(true);
        if (l.ProductId !== null) expect(x.products.has(l.ProductId)).toBe(true);
        if (l.PackageId !== null) expect(x.packages.has(l.PackageId)).toBe(true);
        if (l.EmployeeId !== null) expect(x.employees.has(l.EmployeeId)).toBe(true);
      }
    }
    for (const e of w.accountingEntries) {
      expect(x.sites.has(e.SiteId)).toBe(true);
      expect(x.paymentTypes.has(e.PaymentTypeId)).toBe(true);
      expect(x.drawers.get(e.CashDrawerId)?.SiteId).toBe(e.SiteId);
      expect(x.employees.has(e.UserId)).toBe(true);
      if (e.ClientId !== null) expect(x.clients.has(e.ClientId)).toBe(true);
      if (e.SupplierId !== null) expect(x.suppliers.has(e.SupplierId)).toBe(true);
      if (e.AccountingDocumentId !== null) expect(x.documents.get(e.AccountingDocumentId)?.SiteId).toBe(e.SiteId);
      if (e.VoucherId !== null) expect(x.vouchers.has(e.VoucherId)).toBe(true);
      for (const g of e.Gratuities) {
        expect(g.AccountingEntryId).toBe(e.AccountingEntryId);
        expect(x.employees.has(g.EmployeeId)).toBe(true);
      }
      // Receipts name a client, payments a supplier, as the API requires.
      if (e.AccountingEntryTypeId === 1 || e.AccountingEntryTypeId === 10) expect(e.ClientId).not.toBeNull();
      else expect(e.SupplierId).not.toBeNull();
    }
  });

  it('vouchers and captured forms point at existing sites, clients, sources and forms', () => {
    for (const v of w.vouchers) {
      expect(siteOrNull(x.sites, v.SiteId)).toBe(true);
      expect(siteOrNull(x.sites, v.CreatedSiteId)).toBe(true);
      if (v.ClientId !== null) expect(x.clients.has(v.ClientId)).toBe(true);
      if (v.SourceId !== null) expect(x.sources.has(v.SourceId)).toBe(true);
    }
    for (const f of w.clientCustomForms) {
      expect(x.forms.has(f.CustomFormId)).toBe(true);
      expect(x.clients.has(f.ClientId)).toBe(true);
      expect(x.sites.has(f.SiteId)).toBe(true);
    }
  });
});
