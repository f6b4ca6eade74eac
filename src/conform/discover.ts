import { dayFrom, parseApiDateTime } from './dates.js';
import { operation } from './operations.js';
import type { Ids, ProbeRequest } from './probe.js';
import type { Side } from './side.js';

// The ids probes need, found through the API itself: the first site, and one of each record kind there.

type Row = Record<string, unknown>;

async function list(side: Side, operationId: string, query: [string, string][] = []): Promise<Row[]> {
  const o = operation(operationId);
  const request: ProbeRequest = { method: o.method, path: o.path, query, auth: 'token' };
  const out = await side.send(operationId, request);
  if (out.kind !== 'answered' || out.seen.status !== 200) return [];
  const json = out.seen.json;
  return Array.isArray(json) ? json.filter((r): r is Row => typeof r === 'object' && r !== null) : [];
}

const text = (row: Row | undefined, name: string): string | undefined => {
  const value = row?.[name];
  return typeof value === 'string' && value !== '' && value !== '00000000-0000-0000-0000-000000000000'
    ? value
    : undefined;
};

export async function discover(side: Side, fallbackNow: number, siteId?: string): Promise<Ids> {
  const ping = await side.send('ping', { method: 'GET', path: '/api/v2/ping', auth: 'token' });
  const utc = ping.kind === 'answered' ? (ping.seen.json as { utc?: unknown } | null)?.utc : undefined;
  const now = (typeof utc === 'string' ? parseApiDateTime(utc) : undefined) ?? fallbackNow;
  const site = siteId ?? text((await list(side, 'listSites', [['state', 'Active']]))[0], 'SiteId');
  const ids: Ids = { now, created: {} };
  if (!site) return ids;
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
  const client = clients.find((c) => text(c, 'Email') && text(c, 'MobilePhone')) ?? clients[0];
  const employee = employees.find((e) => e.BookOnline === true) ?? employees[0];
  const found: Partial<Ids> = {
    serviceId: text(services[0], 'ServiceId'),
    employeeId: text(employee, 'EmployeeId'),
    employeeFirstName: text(employee, 'FirstName'),
    employeeLastName: text(employee, 'LastName'),
    clientId: text(client, 'ClientId'),
    clientEmail: text(client, 'Email'),
    clientMobile: text(client, 'MobilePhone'),
    appointmentStateId: text(states[0], 'AppointmentStateId'),
    packageId: text(packages[0], 'PackageId'),
    classScheduleId: text(schedules[0], 'ClassScheduleId'),
    documentId: text(documents[0], 'AccountingDocumentId'),
    entryId: text(entries[0], 'AccountingEntryId'),
    voucherId: text(vouchers[0], 'VoucherId'),
    appointmentId: text(appointments[0], 'AppointmentId'),
  };
  for (const [k, v] of Object.entries(found)) if (v !== undefined) (ids as unknown as Row)[k] = v;
  return ids;
}
