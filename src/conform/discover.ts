import { dayFrom, parseApiDateTime } from './dates.js';
import { operation } from './operations.js';
import type { IdSource, Ids, ProbeRequest } from './probe.js';
import type { Outcome, Side } from './side.js';

// The ids probes need, found through the API itself: the first site, and one of each record kind there.

type Row = Record<string, unknown>;

/** A list the ids are taken from: its rows, and the answer they came in. */
interface Listed {
  rows: Row[];
  source: Omit<IdSource, 'why'>;
  /** Why the answer holds no rows (a status, no answer, not a list, an empty list); undefined when it does. */
  why?: string;
}

/** What an answer that is not a list of rows came to, in words: `answered 500`, `got no answer (…)`. */
export function noRowsWhy(out: Outcome): string | undefined {
  if (out.kind === 'skipped') return `was skipped: ${out.why}`;
  if (out.kind === 'throttled') return 'was throttled (429) on every try';
  if (out.seen.status === 0) return `got ${out.seen.text}`;
  if (out.seen.status !== 200) return `answered ${out.seen.status}`;
  const json = out.seen.json;
  if (!Array.isArray(json)) return 'answered something other than a JSON list';
  if (!json.some((r) => typeof r === 'object' && r !== null)) return 'answered an empty list';
  return undefined;
}

async function list(side: Side, operationId: string, query: [string, string][] = []): Promise<Listed> {
  const o = operation(operationId);
  const request: ProbeRequest = { method: o.method, path: o.path, query, auth: 'token' };
  const out = await side.send(operationId, request);
  const source = { operation: o.id, request: `${o.method} ${o.path}` };
  const why = noRowsWhy(out);
  if (why !== undefined || out.kind !== 'answered') return { rows: [], source, why: why ?? 'no answer' };
  const rows = (out.seen.json as unknown[]).filter((r): r is Row => typeof r === 'object' && r !== null);
  return { rows, source };
}

const text = (row: Row | undefined, name: string): string | undefined => {
  const value = row?.[name];
  return typeof value === 'string' && value !== '' && value !== '00000000-0000-0000-0000-000000000000'
    ? value
    : undefined;
};

/** The field of a row of a list, or why there is none. */
const field = (listed: Listed, row: Row | undefined, name: string): string | IdSource =>
  text(row, name) ?? { ...listed.source, why: listed.why ?? `answered without ${name}` };

/** The ids looked up once the site is known. */
const AFTER_SITE = [
  'appointmentStateId',
  'serviceId',
  'employeeId',
  'employeeFirstName',
  'employeeLastName',
  'clientId',
  'clientEmail',
  'clientMobile',
  'packageId',
  'classScheduleId',
  'documentId',
  'entryId',
  'voucherId',
  'appointmentId',
] as const;

export async function discover(side: Side, fallbackNow: number, siteId?: string): Promise<Ids> {
  const ping = await side.send('ping', { method: 'GET', path: '/api/v2/ping', auth: 'token' });
  const utc = ping.kind === 'answered' ? (ping.seen.json as { utc?: unknown } | null)?.utc : undefined;
  const now = (typeof utc === 'string' ? parseApiDateTime(utc) : undefined) ?? fallbackNow;
  const ids: Ids = { now, created: {}, missing: {} };
  const missing = ids.missing!;
  let site: string | IdSource | undefined = siteId;
  if (site === undefined) {
    const sites = await list(side, 'listSites', [['state', 'Active']]);
    site = field(sites, sites.rows[0], 'SiteId');
  }
  if (typeof site !== 'string') {
    missing.siteId = site;
    // Without a site nothing more is looked up.
    for (const key of AFTER_SITE) missing[key] = { ...site, via: 'siteId' };
    return ids;
  }
  ids.siteId = site;
  const s: [string, string] = ['siteId', site];
  const week = (back: number, ahead: number): [string, string][] => [
    ['start', dayFrom(now, -back)],
    ['end', dayFrom(now, ahead)],
  ];
  const [services, employees, clients, states, packages, schedules, documents, entries, vouchers, appointments] =
    await Promise.all([
      list(side, 'listServices', [s]),
      list(side, 'listEmployees', [s]),
      list(side, 'listClients', [s]),
      list(side, 'listAppointmentStates'),
      list(side, 'listPackages', [s, ['itemState', 'Active'], ['find', '']]),
      list(side, 'listClassSchedules', [s, ['classType', 'Class'], ...week(0, 14), ['bookOnline', 'false']]),
      list(side, 'listAccountingDocuments', [s, ['clientDocuments', ''], ...week(100, 0), ['find', '']]),
      list(side, 'listAccountingEntries', [s, ['entryType', 'Receipt'], ...week(100, 0), ['find', '']]),
      list(side, 'listVouchers', [s]),
      list(side, 'listAppointments', [s, ['stateId', ''], ...week(7, 30), ['find', ''], ['clientId', '']]),
    ]);
  const client = clients.rows.find((c) => text(c, 'Email') && text(c, 'MobilePhone')) ?? clients.rows[0];
  const employee = employees.rows.find((e) => e.BookOnline === true) ?? employees.rows[0];
  const found: Record<string, string | IdSource> = {
    serviceId: field(services, services.rows[0], 'ServiceId'),
    employeeId: field(employees, employee, 'EmployeeId'),
    employeeFirstName: field(employees, employee, 'FirstName'),
    employeeLastName: field(employees, employee, 'LastName'),
    clientId: field(clients, client, 'ClientId'),
    clientEmail: field(clients, client, 'Email'),
    clientMobile: field(clients, client, 'MobilePhone'),
    appointmentStateId: field(states, states.rows[0], 'AppointmentStateId'),
    packageId: field(packages, packages.rows[0], 'PackageId'),
    classScheduleId: field(schedules, schedules.rows[0], 'ClassScheduleId'),
    documentId: field(documents, documents.rows[0], 'AccountingDocumentId'),
    entryId: field(entries, entries.rows[0], 'AccountingEntryId'),
    voucherId: field(vouchers, vouchers.rows[0], 'VoucherId'),
    appointmentId: field(appointments, appointments.rows[0], 'AppointmentId'),
  };
  for (const [k, v] of Object.entries(found)) {
    if (typeof v === 'string') (ids as unknown as Row)[k] = v;
    else missing[k] = v;
  }
  return ids;
}
