import { errors } from '../http/errors.js';
import { removeRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

/** Cancels and removes an appointment; absent, it is the documented 400 `Record does not exist.` */
export function deleteAppointment(world: World, appointmentId: Guid): void {
  const index = world.appointments.findIndex((a) => a.AppointmentId === appointmentId);
  if (index < 0) throw errors.recordDoesNotExist();
  removeRecord(world, 'appointments', world.appointments[index]!);
}
