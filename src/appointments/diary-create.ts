import { formatDateTime } from '../datetime.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, insertRecord } from '../records.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { Appointment } from '../world/diary.js';
import type { World } from '../world/index.js';
import { bookedStateId, checkAppointmentIds } from './diary-fields.js';
import { nextAppointmentNumber } from './diary-number.js';
import { buildServices, earliestStart, given } from './diary-services.js';
import type { AppointmentIn } from './schemas.js';

/**
 * Books an appointment at the query's site exactly as sent: references are checked, availability
 * is not (overlapping bookings are accepted; POST /appointments/validate is the check). The body's
 * AppointmentId, SiteId and AppointmentNumber are not used: the id and number are new, the site
 * is the query's.
 */
export function createAppointment(
  world: World,
  siteId: Guid,
  body: AppointmentIn,
  now: number,
  random: Random,
): Appointment {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  checkAppointmentIds(world, body, problems);
  const newId = () => random.guid();
  const AppointmentId = newId();
  const AppointmentServices = buildServices(
    world,
    body.AppointmentServices,
    { appointmentId: AppointmentId, clientId: body.ClientId, newId },
    problems,
  );
  problems.throwIfAny();

  const appointment: Appointment = {
    AppointmentId,
    SiteId: siteId,
    ClientId: body.ClientId,
    ClientTypeId: given(body.ClientTypeId) ? body.ClientTypeId : EMPTY_GUID,
    AppointmentNumber: nextAppointmentNumber(world),
    AppointmentStateId: given(body.AppointmentStateId) ? body.AppointmentStateId : bookedStateId(world),
    Start: earliestStart(AppointmentServices),
    Notes: body.Notes ?? '',
    SourceId: given(body.SourceId) ? body.SourceId : EMPTY_GUID,
    UserId: given(body.UserId) ? body.UserId : EMPTY_GUID,
    VIP: body.VIP ?? false,
    SeriesId: given(body.SeriesId) ? body.SeriesId : null,
    CreationDate: formatDateTime(now),
    InvoiceId: null,
    AppointmentServices,
  };
  insertRecord(world, 'appointments', appointment);
  return appointment;
}
