import type { ModelStateErrors } from '../http/model-state.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { given } from './diary-services.js';
import type { AppointmentIn } from './schemas.js';

// Appointment-level ids of a create or update body must name records of the account. Ids that
// mean "none" (absent, null, empty Guid) are not checked here; the caller decides their default.

export function checkAppointmentIds(world: World, body: AppointmentIn, problems: ModelStateErrors): void {
  if (!world.clients.some((c) => c.ClientId === body.ClientId)) {
    problems.add('ClientId', `The client '${body.ClientId}' does not exist.`);
  }
  const check = (field: string, id: Guid | null | undefined, exists: (id: Guid) => boolean, what: string) => {
    if (given(id) && !exists(id)) problems.add(field, `The ${what} '${id}' does not exist.`);
  };
  check(
    'AppointmentStateId',
    body.AppointmentStateId,
    (id) => world.appointmentStates.some((s) => s.AppointmentStateId === id),
    'appointment state',
  );
  check('ClientTypeId', body.ClientTypeId, (id) => world.clientTypes.some((t) => t.ClientTypeId === id), 'client type');
  check('SourceId', body.SourceId, (id) => world.sources.some((s) => s.SourceId === id), 'source');
}

/** The state new appointments take when the body names none. */
export function bookedStateId(world: World): Guid {
  const booked = world.appointmentStates.find((s) => s.Name === 'Booked') ?? world.appointmentStates[0];
  if (!booked) throw new Error('the account has no appointment states');
  return booked.AppointmentStateId;
}
