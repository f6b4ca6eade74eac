import { describe, expect, it } from 'vitest';
import { brokenInvariants } from '../../src/invariants/index.js';
import { generateWorld, type World } from '../../src/world/index.js';
import { FIXED_NOW } from '../helpers.js';

// Each class, voucher and availability invariant reports a world broken on purpose: a generated
// world with one record changed the way the world generators once made it, or worse.

const world = generateWorld({ seed: 7, size: 'standard', today: '2026-03-16' });

/** The broken invariants of a world, those of `name` only. */
const found = (broken: World, name: string) =>
  brokenInvariants(broken, FIXED_NOW).filter((p) => p.startsWith(`${name}: `));

describe('each class, voucher and availability invariant reports a world that breaks it', () => {
  it('the generated world breaks none of them', () => {
    expect(brokenInvariants(world, FIXED_NOW)).toEqual([]);
  });

  it('sessionsTaughtByQualifiedEmployees: a yoga session taught by the receptionist', () => {
    const session = world.classSchedules.find((s) =>
      world.classes.some((c) => c.ClassId === s.ClassId && c.Name.includes('Yoga')),
    )!;
    const teacher = world.employees.find((e) => e.EmployeeId === session.EmployeeId)!;
    const broken = {
      ...world,
      employees: world.employees.map((e) => (e === teacher ? { ...e, JobTitle: 'Receptionist', ServiceIds: [] } : e)),
    };
    expect(found(broken, 'sessionsTaughtByQualifiedEmployees')[0]).toContain('taught by Receptionist');
  });

  it('inactiveSitesHaveNoActiveFutureClasses: a class running on and a session next week at the closed site', () => {
    const closed = world.sites.find((s) => s.State === 2)!;
    const [c] = world.classes.filter((x) => x.SiteId === closed.SiteId);
    const [s] = world.classSchedules.filter((x) => x.ClassId === c!.ClassId);
    const broken = {
      ...world,
      classes: [...world.classes, { ...c!, ClassId: 'runs-on', EndDate: null }],
      classSchedules: [...world.classSchedules, { ...s!, ClassScheduleId: 'next-week', Start: '2026-03-23 18:00' }],
    };
    const lines = found(broken, 'inactiveSitesHaveNoActiveFutureClasses');
    expect(lines.some((p) => p.includes('(runs-on)'))).toBe(true);
    expect(lines.some((p) => p.includes('session next-week'))).toBe(true);
  });

  it('classesWithSessionsAreListed: a retired class made Inactive, another ended before its last session', () => {
    const [first, second] = world.classes.filter((c) => world.classSchedules.some((s) => s.ClassId === c.ClassId));
    const broken = {
      ...world,
      classes: world.classes.map((c) =>
        c === first ? { ...c, State: 2 as const } : c === second ? { ...c, EndDate: '2026-01-01 00:00' } : c,
      ),
    };
    const lines = found(broken, 'classesWithSessionsAreListed');
    expect(lines.some((p) => p.includes(`${first!.Name} (State 2`))).toBe(true);
    expect(lines.some((p) => p.includes('to 2026-01-01 00:00'))).toBe(true);
  });

  it('voucherKindsAgree: a gift card described and filed as a Gift Voucher', () => {
    const card = world.vouchers.find((v) => v.VoucherType === 2)!;
    const broken = {
      ...world,
      vouchers: world.vouchers.map((v) =>
        v === card ? { ...v, Category: 'Gift Voucher', Description: `Gift Voucher ${v.Amount.toFixed(2)}` } : v,
      ),
    };
    const described = `described "Gift Voucher ${card.Amount.toFixed(2)}"`;
    expect(found(broken, 'voucherKindsAgree')).toEqual([
      `voucherKindsAgree: voucher ${card.VoucherNumber} of type 2 is a "Gift Voucher" ${described}`,
    ]);
  });

  it('expiredVouchersConsistent: an expired voucher redeemed after its expiry, beyond its balance', () => {
    const voucher = world.vouchers.find((v) => v.State === 1 && v.ExpiryDate < '2026-03-16')!;
    const [entry] = world.accountingEntries;
    const late = { ...entry!, AccountingEntryId: 'late', VoucherId: voucher.VoucherId, Total: voucher.Amount + 1 };
    const broken = {
      ...world,
      accountingEntries: [...world.accountingEntries, { ...late, EntryDate: '2026-03-15 12:00' }],
    };
    const lines = found(broken, 'expiredVouchersConsistent');
    expect(lines.some((p) => p.includes(`voucher ${voucher.VoucherNumber} valid`))).toBe(true);
    expect(lines.some((p) => p.includes('beyond its balance'))).toBe(true);
  });

  it('availabilityOffersOnlyBookableOnline: an online booking with an employee not bookable online', () => {
    const online = world.sources.find((s) => s.Name === 'Online')!.SourceId;
    const booking = world.appointments.find((x) => x.SourceId === online)!;
    const employeeId = booking.AppointmentServices[0]!.Employees[0]!.EmployeeId;
    const broken = {
      ...world,
      employees: world.employees.map((e) => (e.EmployeeId === employeeId ? { ...e, BookOnline: false } : e)),
    };
    expect(found(broken, 'availabilityOffersOnlyBookableOnline').join('\n')).toContain(
      `online appointment ${booking.AppointmentNumber}`,
    );
  });
});
