import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, editRecord } from '../records.js';
import { EMPTY_GUID } from '../world/common.js';
import type { Appointment } from '../world/diary.js';
import type { World } from '../world/index.js';
import { checkAppointmentIds } from './diary-fields.js';
import { existingAppointment } from './diary-find.js';
import { buildServices, earliestStart, given } from './diary-services.js';
import type { AppointmentIn } from './schemas.js';

/**
 * Updates the appointment the BODY names (its AppointmentId), whatever the route said: that is
 * how the real service binds PUT. Sent fields overwrite, fields left out keep their value; the
 * services are replaced by the sent list (a sent AppointmentServiceId of this appointment keeps
 * its id). AppointmentNumber, CreationDate and InvoiceId are never changed. A body id naming no
 * appointment (or none at all) is the 400 `Record does not exist.`
 */
export function updateAppointment(world: World, body: AppointmentIn, random: Random): Appointment {
  const appointment = editRecord(world, 'appointments', existingAppointment(world, body.AppointmentId ?? EMPTY_GUID));
  const problems = new ModelStateErrors();
  if (body.SiteId !== undefined) checkSite(world, body.SiteId, 'SiteId', problems);
  checkAppointmentIds(world, body, problems);
  const services = buildServices(
    world,
    body.AppointmentServices,
    {
      appointmentId: appointment.AppointmentId,
      clientId: body.ClientId,
      newId: () => random.guid(),
      current: appointment.AppointmentServices,
    },
    problems,
  );
  problems.throwIfAny();

  if (body.SiteId !== undefined) appointment.SiteId = body.SiteId;
  appointment.ClientId = body.ClientId;
  if (given(body.ClientTypeId)) appointment.ClientTypeId = body.ClientTypeId;
  if (given(body.AppointmentStateId)) appointment.AppointmentStateId = body.AppointmentStateId;
  if (body.Notes !== undefined) appointment.Notes = body.Notes;
  if (given(body.SourceId)) appointment.SourceId = body.SourceId;
  if (given(body.UserId)) appointment.UserId = body.UserId;
  if (body.VIP !== undefined) appointment.VIP = body.VIP;
  // A series link is cleared by sending null or the empty Guid.
  if (body.SeriesId !== undefined) appointment.SeriesId = given(body.SeriesId) ? body.SeriesId : null;
  appointment.AppointmentServices = services;
  appointment.Start = earliestStart(services);
  return appointment;
}
