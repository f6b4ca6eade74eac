import type { Account } from '../accounts/account.js';
import { collectionTable } from '../accounts/tables.js';
import type { Guid } from '../world/common.js';
import type { AppointmentState } from '../world/diary.js';
import { pathText, ScenarioError } from './load.js';

// A scenario's `appointmentStates`: the account's own list of states, as a real account sets it up
// (vendor support article "Appointment States": each account makes its own, deletable while unused).
// The list replaces the generated one. A state of the account whose id the list leaves out hands its
// appointments to the listed state of the same name (any case), so a team mirroring a real account
// lists its own ids under the usual names and the seeded diary follows; a state left out by both id
// and name while an appointment is in it is refused, as the product refuses to delete a state in use.

/** Replaces the account's appointment states with the scenario's (checked for duplicates when loaded). */
export function setAppointmentStates(account: Account, wanted: readonly AppointmentState[], source: string): void {
  const data = account.store.data;
  const statesTable = collectionTable('appointmentStates');
  const appointmentsTable = collectionTable('appointments');
  const states = wanted.map((s) => ({ AppointmentStateId: s.AppointmentStateId.toLowerCase(), Name: s.Name }));
  const ids = new Set(states.map((s) => s.AppointmentStateId));
  const key = (name: string) => name.trim().toLowerCase();
  const byName = new Map(states.map((s) => [key(s.Name), s.AppointmentStateId]));

  const moved = new Map<Guid, Guid>();
  const dropped = new Map<Guid, AppointmentState>();
  for (const s of statesTable.rows(data)) {
    if (ids.has(s.AppointmentStateId)) continue;
    const to = byName.get(key(s.Name));
    if (to === undefined) dropped.set(s.AppointmentStateId, s);
    else moved.set(s.AppointmentStateId, to);
  }
  const appointments = appointmentsTable.rows(data);
  const inUse = new Map<Guid, number>();
  for (const a of appointments) {
    if (dropped.has(a.AppointmentStateId)) inUse.set(a.AppointmentStateId, (inUse.get(a.AppointmentStateId) ?? 0) + 1);
  }
  const refused = [...inUse].map(([id, count]) => {
    const state = dropped.get(id)!;
    return (
      `${source}: ${pathText(['appointmentStates'])}: leaves out the state ${state.Name} (${id}), which ` +
      `${count} appointment${count === 1 ? ' is' : 's are'} in; list its AppointmentStateId or its Name, or ` +
      'clear appointments'
    );
  });
  if (refused.length > 0) throw new ScenarioError(refused.join('\n'));

  statesTable.set(data, states);
  if (moved.size === 0) return;
  appointmentsTable.set(
    data,
    appointments.map((a) => {
      const to = moved.get(a.AppointmentStateId);
      return to === undefined ? a : { ...a, AppointmentStateId: to };
    }),
  );
}
