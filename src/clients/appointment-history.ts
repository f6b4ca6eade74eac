import { appointmentEnd, serviceSummary } from '../appointments/appointment.js';
import { utcMs } from '../datetime.js';
import { checkRange } from '../errors/range.js';
import type { SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import { rowsReady, rowsWhere, rowWhere } from '../row-lookup.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import { CLIENT_RULES } from './rules.js';
import type { AppointmentHistoryRow } from './schemas.js';

const MAX_HISTORY_DAYS = 730;

export type HistoryQuery = SiteRange & { clientId: Guid };

/** Newest first, as a history reads. */
const newestFirst = orderBy<{ Start: string; AppointmentId: Guid }>(
  (a) => -utcMs(a.Start),
  (a) => a.AppointmentId,
);

/** Makes the lookups of the history in steps (`RegistryOptions.ready`). */
export function* historyLookupsReady(world: World): Steps<void> {
  yield* rowsReady(world.appointments, 'ClientId');
}

export function appointmentHistory(world: World, q: HistoryQuery): AppointmentHistoryRow[] {
  checkRange(q.start, q.end, MAX_HISTORY_DAYS, CLIENT_RULES.historyRange);
  // The client's own bookings, found by the client: the diary is not read whole.
  const mine = rowsWhere(world.appointments, 'ClientId', q.clientId, 'AppointmentId').filter(
    (a) => a.SiteId === q.siteId && utcMs(a.Start) >= q.start && utcMs(appointmentEnd(a)) <= q.end,
  );
  const numbers = {
    get: (id: Guid) => rowWhere(world.accountingDocuments, 'AccountingDocumentId', id)?.DocumentNumber,
  };
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
