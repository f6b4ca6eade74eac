import type { Random } from '../random.js';
import type { World } from '../world/index.js';
import type { Guid } from '../world/common.js';

/**
 * New appointment and appointment-service ids from the account's seeded random source. The
 * source restarts with the process, so an id drawn before a restart can come round again; every
 * draw is checked against the diary so that ids stay unique across the account.
 */
export function diaryIdSource(world: World, random: Random): () => Guid {
  const taken = new Set<Guid>();
  for (const a of world.appointments) {
    taken.add(a.AppointmentId);
    for (const s of a.AppointmentServices) taken.add(s.AppointmentServiceId);
  }
  return () => {
    let id = random.guid();
    while (taken.has(id)) id = random.guid();
    taken.add(id);
    return id;
  };
}
