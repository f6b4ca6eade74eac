import { parseDateTime } from '../datetime.js';
import { Calendar } from './calendar.js';
import type { Course, Membership, Package, Product, Resource, Service } from './catalogue.js';
import { generateCatalogue } from './catalogue-gen.js';
import type { ClassBooking, ClassDefinition, ClassSchedule } from './classes.js';
import { classSteps } from './classes.js';
import type { Client } from './clients.js';
import { clientSteps } from './clients.js';
import type { GenContext, WorldSize } from './context.js';
import { SIZE_PROFILES } from './context.js';
import type { Appointment, AppointmentState, ClientType, Source } from './diary.js';
import { diarySteps, generateLookups } from './diary.js';
import type { Employee, EmployeeSchedule } from './employees.js';
import { generateEmployees } from './employees.js';
import type { ClientCustomForm, CustomForm } from './forms.js';
import { generateClientCustomForms, generateCustomForms } from './forms.js';
import { rosterSteps } from './rosters.js';
import type { AccountingDocument, AccountingEntry, CashDrawer, PaymentType, Supplier } from './sales.js';
import { Desk, generateSalesReference } from './sales.js';
import { documentSteps } from './sales-documents.js';
import { entrySteps } from './sales-entries.js';
import { withOwnFakers } from './seeded-faker.js';
import type { Site } from './sites.js';
import { generateSites } from './sites-gen.js';
import { runSteps, type StepRunner, type Steps } from './steps.js';
import type { TimeRecord } from './timerecords.js';
import { generateTimeRecords } from './timerecords.js';
import type { Voucher } from './vouchers.js';
import { generateVoucherRedemptions, generateVouchers } from './vouchers.js';

export type { WorldSize } from './context.js';
export { WORLD_SIZES } from './context.js';
export { TIME_OFF, WORKING_TIME } from './employees.js';
export { isLegacyHash, pbkdf2Hash, SEEDED_CLIENT_PASSWORD, verifyPasswordHash } from './passwords.js';
export { DocumentType, EntryType } from './sales.js';

/** One account's data. Every collection is a plain array of API-shaped records. */
export interface World {
  sites: readonly Site[];
  resources: readonly Resource[];
  services: readonly Service[];
  products: readonly Product[];
  packages: readonly Package[];
  courses: readonly Course[];
  memberships: readonly Membership[];
  employees: readonly Employee[];
  /** Rosters: working time and time off (ScheduleType 1 and 2). */
  schedules: readonly EmployeeSchedule[];
  clients: readonly Client[];
  appointmentStates: readonly AppointmentState[];
  sources: readonly Source[];
  clientTypes: readonly ClientType[];
  appointments: readonly Appointment[];
  classes: readonly ClassDefinition[];
  classSchedules: readonly ClassSchedule[];
  classBookings: readonly ClassBooking[];
  suppliers: readonly Supplier[];
  paymentTypes: readonly PaymentType[];
  cashDrawers: readonly CashDrawer[];
  accountingDocuments: readonly AccountingDocument[];
  /** Receipts and payments, voucher redemptions included. */
  accountingEntries: readonly AccountingEntry[];
  vouchers: readonly Voucher[];
  timeRecords: readonly TimeRecord[];
  customForms: readonly CustomForm[];
  clientCustomForms: readonly ClientCustomForm[];
}

export interface WorldOptions {
  seed: number;
  size: WorldSize;
  /** UTC date `yyyy-MM-dd`; every generated date is placed relative to it. */
  today: string;
}

/** Same options, same world: every area draws from its own stream seeded from `seed`. */
export function generateWorld(options: WorldOptions): World {
  // A world generated in slices and paused holds the shared fakers halfway through their streams.
  return paused > 0 ? withOwnFakers(() => runSteps(worldSteps(options))) : runSteps(worldSteps(options));
}

/** Sliced generations run one after another: they share each area's faker. */
let queue: Promise<unknown> = Promise.resolve();
/** Sliced generations under way (at most one), paused between their slices. */
let paused = 0;

/**
 * The same world as generateWorld, its steps run by `run`, which may pause between them (to hand
 * the event loop back: a large world is seconds of work).
 */
export function generateWorldInSlices(options: WorldOptions, run: StepRunner): Promise<World> {
  const made = queue.then(async () => {
    paused++;
    try {
      return await run(worldSteps(options));
    } finally {
      paused--;
    }
  });
  queue = made.catch(() => undefined);
  return made;
}

function* worldSteps(options: WorldOptions): Steps<World> {
  const today = /^\d{4}-\d{2}-\d{2}$/.test(options.today) ? parseDateTime(options.today) : undefined;
  if (today === undefined) throw new Error(`today must be a yyyy-MM-dd date, got "${options.today}"`);
  const profile = SIZE_PROFILES[options.size];
  if (!profile) throw new Error(`unknown world size "${options.size}"`);
  if (!Number.isSafeInteger(options.seed)) throw new Error('seed must be an integer');
  const ctx: GenContext = { seed: options.seed, size: options.size, profile, today };

  const siteInfo = generateSites(ctx);
  yield;
  const catalogue = generateCatalogue(ctx, siteInfo);
  yield;
  const plans = generateEmployees(ctx, siteInfo, catalogue.services);
  yield;
  const { schedules, shifts } = yield* rosterSteps(ctx, siteInfo, plans);
  yield;
  const clients = yield* clientSteps(ctx, siteInfo, catalogue.memberships);
  yield;
  const lookups = generateLookups(ctx);
  const calendar = new Calendar(shifts);
  // Classes claim their instructors and attendees first; the diary books around them.
  yield;
  const classes = yield* classSteps(ctx, siteInfo, plans, catalogue.services, clients, calendar);
  yield;
  const appointments = yield* diarySteps(ctx, {
    sites: siteInfo,
    services: catalogue.services,
    packages: catalogue.packages,
    resources: catalogue.resources,
    memberships: catalogue.memberships,
    plans,
    clients,
    lookups,
    calendar,
  });
  const reference = generateSalesReference(ctx, siteInfo);
  const { documents, invoiceOf } = yield* documentSteps(ctx, {
    sites: siteInfo,
    clients,
    services: catalogue.services,
    products: catalogue.products,
    packages: catalogue.packages,
    memberships: catalogue.memberships,
    appointments,
    lookups,
    reference,
    calendar,
  });
  yield;
  for (const appointment of appointments) appointment.InvoiceId = invoiceOf.get(appointment.AppointmentId) ?? null;
  yield;
  const desk = new Desk(reference, plans);
  const employees = plans.map((p) => p.employee);
  const vouchers = generateVouchers(ctx, siteInfo, clients, lookups.sources);
  // Vouchers are redeemed at the till: membership invoices, made by a recurring invoice, are paid by direct debit.
  yield;
  const tillSales = documents.filter((d) => d.LinkedAccountingDocumentId === null);
  const redemptions = generateVoucherRedemptions(ctx, vouchers, tillSales, desk);
  yield;
  const customForms = generateCustomForms(ctx);
  const accountingEntries = yield* entrySteps(ctx, documents, redemptions, desk, employees);
  yield;
  const timeRecords = generateTimeRecords(ctx, shifts);
  yield;

  return {
    sites: siteInfo.map((s) => s.site),
    ...catalogue,
    employees,
    schedules,
    clients,
    ...lookups,
    appointments,
    ...classes,
    suppliers: reference.suppliers,
    paymentTypes: reference.paymentTypes,
    cashDrawers: reference.cashDrawers,
    accountingDocuments: documents,
    accountingEntries,
    vouchers,
    timeRecords,
    customForms,
    clientCustomForms: generateClientCustomForms(ctx, customForms, appointments, catalogue.services, lookups),
  };
}
