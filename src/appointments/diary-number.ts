import type { World } from '../world/index.js';

const FIRST_NUMBER = 100001;

/**
 * The next AppointmentNumber: one more than the highest number in the diary, as the front desk
 * issues them. Numbers are unique among the appointments that exist (a number freed by deleting
 * the latest appointment may be issued again).
 */
export function nextAppointmentNumber(world: World): string {
  let highest = FIRST_NUMBER - 1;
  for (const a of world.appointments) {
    const n = /^\d+$/.test(a.AppointmentNumber) ? Number(a.AppointmentNumber) : Number.NaN;
    if (n > highest) highest = n;
  }
  return String(highest + 1);
}
