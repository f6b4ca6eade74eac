import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/accounts/freeze.js';
import { availableTimes } from '../../src/appointments/availability/search.js';
import { insertRecord } from '../../src/records.js';
import { APPOINTMENT_STATE_IDS, type Appointment } from '../../src/world/diary.js';
import { generateWorld, type World } from '../../src/world/index.js';
import { FIXED_NOW } from '../helpers.js';

// The diary index availability reads (availability/busy.ts) is kept per appointments array: a write
// that books many times (a scenario's fullyBook) reads each new booking once, not the whole diary
// per booking; an appointment the running write made and may still change in place is read again
// at every question.

const world = deepFreeze(generateWorld({ seed: 42, size: 'small', today: '2026-03-16' }));
const DAY = Date.parse('2026-03-18T00:00:00Z');

/** The first site's service with an offer on DAY, and the question asking for it. */
function offered(w: World) {
  for (const service of w.services.filter((s) => s.State === 1 && s.BookOnline && s.SiteId !== null)) {
    const question = {
      siteId: service.SiteId!,
      services: [service.ServiceId],
      packages: [],
      employeeIds: [],
      clientId: null,
      serviceSequence: 1,
      cart: [],
    };
    const [offer] = availableTimes(w, question, DAY, FIXED_NOW);
    if (offer) return { service, question, offer };
  }
  throw new Error('no offer');
}

/** An appointment of the offer's employee at the offer's time, not frozen: as a running write makes it. */
function booking(w: World, at: ReturnType<typeof offered>): Appointment {
  const model = w.appointments[0]!;
  const { offer, service } = at;
  return {
    ...structuredClone(model),
    AppointmentId: crypto.randomUUID(),
    SiteId: service.SiteId!,
    AppointmentStateId: APPOINTMENT_STATE_IDS.Booked,
    Start: offer.Start,
    AppointmentServices: [
      {
        ...structuredClone(model.AppointmentServices[0]!),
        ServiceId: service.ServiceId,
        Start: offer.Start,
        End: offer.End,
        Employees: [{ ...model.AppointmentServices[0]!.Employees[0]!, EmployeeId: offer.Employees[0]!.EmployeeId }],
        Resources: [],
      },
    ],
  } as Appointment;
}

/** Whether the employee is offered at the start time. */
const offers = (w: World, at: ReturnType<typeof offered>) =>
  availableTimes(w, at.question, DAY, FIXED_NOW).some(
    (o) => o.Start === at.offer.Start && o.Employees[0]!.EmployeeId === at.offer.Employees[0]!.EmployeeId,
  );

describe('the diary index', () => {
  it('an appointment the running write added is read at every question: cancelled in place, its time is offered again', () => {
    // An array a write holds: a copy, which grows in place (records.ts).
    const appointments = [...world.appointments];
    const held: World = { ...world, appointments };
    const at = offered(held);
    expect(offers(held, at)).toBe(true);
    const added = booking(held, at);
    appointments.push(added);
    expect(offers(held, at)).toBe(false);
    added.AppointmentStateId = APPOINTMENT_STATE_IDS.Cancelled;
    expect(offers(held, at)).toBe(true);
    added.AppointmentStateId = APPOINTMENT_STATE_IDS.Booked;
    deepFreeze(added);
    expect(offers(held, at)).toBe(false);
  });

  it('appointments added after the index was made are read, in place or by a copy of a stored diary, whose own index stays as it was', () => {
    const appointments = [...world.appointments];
    const held: World = { ...world, appointments };
    const at = offered(held);
    expect(offers(held, at)).toBe(true);
    appointments.push(deepFreeze(booking(held, at)));
    expect(offers(held, at)).toBe(false);

    // A write's first create copies the stored diary (records.ts): the copy's index starts from the stored one's.
    const writing: World = { ...world };
    expect(offers(writing, at)).toBe(true);
    insertRecord(writing, 'appointments', deepFreeze(booking(writing, at)));
    expect(writing.appointments).not.toBe(world.appointments);
    expect(offers(writing, at)).toBe(false);
    expect(offers(world, at)).toBe(true);
  });
});
