import { appointmentEnd, serviceSummary } from '../appointments/appointment.js';
import { utcMs } from '../datetime.js';
import { checkRange } from '../http/range.js';
import type { SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { AppointmentHistoryRow } from './schemas.js';

const MAX_HISTORY_DAYS = 730;

export type HistoryQuery = SiteRange & { clientId: Guid };

/** Newest first, as a history reads. */
const newestFirst = orderBy<{ Start: string; AppointmentId: Guid }>(
  (a) => -utcMs(a.Start),
  (a) => a.AppointmentId,
);

export function appointmentHistory(world: World, q: HistoryQuery): AppointmentHistoryRow[] {
  checkRange(q.start, q.end, MAX_HISTORY_DAYS);
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
  return mine.sort(newestFirst).map((a) => ({
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
