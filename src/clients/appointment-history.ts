import { appointmentEnd, serviceSummary } from '../appointments/appointments.js';
import { utcMs } from '../datetime.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { AppointmentHistoryRow } from './history-schema.js';

export interface HistoryQuery {
  clientId: Guid;
  siteId: Guid;
  start: number;
  end: number;
}

/**
 * A client's appointments at the site that lie wholly inside [start, end]: the appointment starts
 * at or after start and its last service ends at or before end (one that straddles a bound is
 * left out). Every state, cancelled included. Each row names the invoice it was billed on.
 * Newest first, as a history reads.
 */
export function appointmentHistory(world: World, q: HistoryQuery): AppointmentHistoryRow[] {
  const mine = world.appointments.filter(
    (a) =>
      a.ClientId === q.clientId &&
      a.SiteId === q.siteId &&
      utcMs(a.Start) >= q.start &&
      utcMs(appointmentEnd(a)) <= q.end,
  );
  const invoices = new Set(mine.map((a) => a.InvoiceId).filter((id): id is Guid => id !== null));
  const numbers = new Map(
    world.accountingDocuments
      .filter((d) => invoices.has(d.AccountingDocumentId))
      .map((d) => [d.AccountingDocumentId, d.DocumentNumber]),
  );
  const states = new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));
  return mine
    .sort((x, y) => (x.Start > y.Start ? -1 : x.Start < y.Start ? 1 : x.AppointmentId < y.AppointmentId ? -1 : 1))
    .map((a) => ({
      AppointmentId: a.AppointmentId,
      AppointmentNumber: a.AppointmentNumber,
      SiteId: a.SiteId,
      ClientId: a.ClientId,
      AppointmentStateId: a.AppointmentStateId,
      AppointmentStateName: states.get(a.AppointmentStateId) ?? '',
      Start: a.Start,
      End: appointmentEnd(a),
      InvoiceId: a.InvoiceId,
      InvoiceNumber: a.InvoiceId === null ? null : (numbers.get(a.InvoiceId) ?? null),
      Services: a.AppointmentServices.map(serviceSummary),
    }));
}
