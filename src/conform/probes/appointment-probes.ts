import { jsonArray, jsonArrayOf, jsonObject, says, status } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe } from '../probe.js';
import { rangeCapProbes } from './catalogue-probes.js';
import { listProbe, pathOf, probe, type Query, UNKNOWN, type Version } from './probe-kit.js';

// The diary: the appointment list and record, states, availability and the cart check.

const appointmentsQuery = (ids: Ids, days: number, more: Partial<Record<string, string>> = {}): Query | undefined =>
  ids.siteId === undefined
    ? undefined
    : [
        ['siteId', ids.siteId],
        ['stateId', more.stateId ?? ''],
        ['start', dayFrom(ids.now, -7)],
        ['end', dayFrom(ids.now, days - 7)],
        ['find', ''],
        ['clientId', more.clientId ?? ''],
      ];

const availability = (ids: Ids, day: number): Query | undefined =>
  ids.siteId === undefined || ids.serviceId === undefined
    ? undefined
    : [
        ['siteId', ids.siteId],
        ['day', dayFrom(ids.now, day)],
        ['services', ids.serviceId],
        ['packageId', ''],
        ['clientId', ''],
        ['serviceSequence', '0'],
      ];

export function appointmentProbes(v: Version): Probe[] {
  const list = v.op('listAppointments');
  const get = v.op('getAppointment');
  const remove = v.op('deleteAppointment');
  const cart = v.op('getAvailableTimesForCart');
  const validate = v.op('validateCart');
  return [
    listProbe(
      v,
      'listAppointments',
      'listAppointments over a week: a list',
      'Every required parameter in the URL by name',
      (ids) => appointmentsQuery(ids, 7),
    ),
    listProbe(
      v,
      'listAppointments',
      'listAppointments of one client and state: a list',
      'stateId and clientId filter when given; empty means every state or client',
      (ids) =>
        ids.clientId && ids.appointmentStateId
          ? appointmentsQuery(ids, 30, { clientId: ids.clientId, stateId: ids.appointmentStateId })
          : undefined,
    ),
    ...rangeCapProbes(v, 'listAppointments', 90, (days) => (ids) => {
      const q = appointmentsQuery(ids, days);
      return q && { path: list.path, query: q, auth: v.auth };
    }),
    probe({
      name: v.name('getAppointment answers the appointment with services, employees and resources'),
      rule: 'GET appointments/{appointmentId}: 200 Appointment',
      op: get,
      build: (ids) => ids.appointmentId && { path: pathOf(get, ids.appointmentId), auth: v.auth },
      check: jsonObject(200, 'AppointmentId', 'AppointmentServices'),
    }),
    probe({
      name: v.name('deleteAppointment of an appointment that does not exist: 400 Record does not exist.'),
      rule: 'DELETE of a missing appointment is 400 with `Record does not exist.`',
      op: remove,
      build: () => ({ path: pathOf(remove, UNKNOWN), auth: v.auth }),
      check: says(400, 'Record does not exist.'),
    }),
    listProbe(
      v,
      'listAppointmentStates',
      'listAppointmentStates: the states with their ids',
      'Appointment states are identified by Guid',
      () => [],
    ),
    listProbe(
      v,
      'getAvailableTimes',
      'getAvailableTimes of a service tomorrow: a list of times with their employees and resources',
      'availabletimes: every required parameter in the URL by name, services repeated, employeeIds left out ' +
        'for any; each time carries Start, End, Employees and Resources at its top level',
      (ids) => availability(ids, 1),
      jsonArrayOf('Start', 'End', 'Employees', 'Resources'),
    ),
    probe({
      name: v.name('getAvailableTimesForCart with an empty cart: a list'),
      rule: 'POST availabletimes takes the existing cart as a bare JSON array',
      op: cart,
      build: (ids) => {
        const q = availability(ids, 1);
        return q && { path: cart.path, query: q, auth: v.auth, body: [] };
      },
      check: jsonArray(),
    }),
    listProbe(
      v,
      'getAvailableDates',
      'getAvailableDates of a service: a list of days',
      'availabledates: services repeated, packages sent empty when searching services',
      (ids) =>
        ids.siteId && ids.serviceId
          ? [
              ['siteId', ids.siteId],
              ['services', ids.serviceId],
              ['packages', ''],
            ]
          : undefined,
    ),
    probe({
      name: v.name('validateCart with no cart items: 400'),
      rule: 'POST appointments/validate answers 400 when no cart items were sent',
      op: validate,
      build: (ids) => ids.siteId && { path: validate.path, query: [['siteId', ids.siteId]], auth: v.auth, body: [] },
      check: status(400),
    }),
    probe({
      name: v.name('validateCart of one item: 200, empty when still available, else the items that are not'),
      rule: 'POST appointments/validate: a failure is signalled inside a 200 by a non-empty body',
      op: validate,
      build: (ids) =>
        ids.siteId && ids.serviceId
          ? {
              path: validate.path,
              query: [['siteId', ids.siteId]],
              auth: v.auth,
              body: [{ ServiceId: ids.serviceId, Start: dayFrom(ids.now, 400), Employees: [], Resources: [] }],
            }
          : undefined,
      check: status(200),
    }),
  ];
}
