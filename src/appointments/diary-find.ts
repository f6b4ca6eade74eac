import { errors } from '../http/errors.js';
import type { Guid } from '../world/common.js';
import type { Appointment } from '../world/diary.js';
import type { World } from '../world/index.js';

export function findAppointment(world: World, id: Guid): Appointment | undefined {
  return world.appointments.find((a) => a.AppointmentId === id);
}

/** The appointment, or the documented 400 `Record does not exist.` */
export function existingAppointment(world: World, id: Guid): Appointment {
  const appointment = findAppointment(world, id);
  if (!appointment) throw errors.recordDoesNotExist();
  return appointment;
}
