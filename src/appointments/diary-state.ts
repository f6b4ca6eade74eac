import { errors } from '../http/errors.js';
import { editRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { existingAppointment } from './diary-find.js';

/**
 * Moves an appointment to any state of the account: the spec shows no transition rules, so any
 * state id is accepted from any state. An unknown appointment is the 400 `Record does not exist.`;
 * a state id that is not one of the account's states is a model-state 400 on appointmentStateId.
 */
export function setAppointmentState(world: World, appointmentId: Guid, stateId: Guid): void {
  const appointment = editRecord(world, 'appointments', existingAppointment(world, appointmentId));
  if (!world.appointmentStates.some((s) => s.AppointmentStateId === stateId)) {
    throw errors.field('appointmentStateId', `The appointment state '${stateId}' does not exist.`);
  }
  appointment.AppointmentStateId = stateId;
}
