import { all, jsonObject, status, writeResult } from '../checks.js';
import { apiDateTime, dayFrom } from '../dates.js';
import { operation } from '../operations.js';
import type { Ids, Probe, ProbeRequest, Seen } from '../probe.js';
import { EMPTY, pathOf, probe } from './probe-kit.js';

// Probes that write (only with --writes): each makes its own records and removes them again; what one
// could not remove stays in `ids.created` and is listed in the report.

const writtenId = (seen: Seen): string | undefined => {
  const value = (seen.json as { Value?: unknown } | null)?.Value;
  return typeof value === 'string' ? value : undefined;
};

/** A caller-generated id for a class booking, different on every run. */
const bookingId = (ids: Ids): string => {
  const hex = (ids.now % 0xffffffffffff).toString(16).padStart(12, '0');
  return `c0fc0fc0-0000-4000-8000-${hex}`;
};

export function writeProbes(): Probe[] {
  const create = operation('createAppointment');
  const get = operation('getAppointment');
  const setState = operation('setAppointmentState');
  const remove = operation('deleteAppointment');
  const booking = operation('createClassBooking');
  const changeBooking = operation('updateClassBooking');
  const register = operation('registerWebhook');
  const unregister = operation('deleteWebhook');
  const appointmentBody = (ids: Ids) => ({
    AppointmentId: EMPTY,
    ClientId: ids.clientId,
    Notes: 'Contract check: removed again at once',
    AppointmentServices: [
      {
        ServiceId: ids.serviceId,
        Start: apiDateTime(Date.parse(`${dayFrom(ids.now, 300).replace(' ', 'T')}Z`) + 10 * 3_600_000),
        Employees:
          ids.employeeId === undefined
            ? []
            : [{ EmployeeId: ids.employeeId, FirstName: ids.employeeFirstName, LastName: ids.employeeLastName }],
        Resources: [],
      },
    ],
  });
  const bookingBody = (ids: Ids, objectState: number) => ({
    ClassBookingId: ids.created.classBooking ?? bookingId(ids),
    ClassScheduleId: ids.classScheduleId,
    ClientId: ids.clientId,
    OnlineBooking: false,
    ClassBookingState: 1,
    ObjectState: objectState,
  });
  return [
    probe({
      name: 'createAppointment answers the write result with AppointmentId',
      rule: 'POST appointments: 200 `{ Message: AppointmentId, Value: Guid }`',
      op: create,
      writes: true,
      makes: 'appointment',
      build: (ids) =>
        ids.siteId && ids.clientId && ids.serviceId
          ? { path: create.path, query: [['siteId', ids.siteId]], auth: 'token', body: appointmentBody(ids) }
          : undefined,
      check: writeResult('AppointmentId'),
      after: (seen, ids) => {
        const id = writtenId(seen);
        if (seen.status === 200 && id) ids.created.appointment = id;
      },
    }),
    probe({
      name: 'getAppointment of the appointment just created: its services',
      rule: 'GET appointments/{appointmentId} reads what POST wrote',
      op: get,
      writes: true,
      build: (ids) => ids.created.appointment && { path: pathOf(get, ids.created.appointment), auth: 'token' },
      check: jsonObject(200, 'AppointmentId', 'AppointmentServices'),
    }),
    probe({
      name: 'setAppointmentState answers the write result with AppointmentId',
      rule: 'POST appointments/setstate: any state id; 200 write result',
      op: setState,
      writes: true,
      build: (ids) =>
        ids.created.appointment && ids.appointmentStateId
          ? {
              path: setState.path,
              query: [
                ['appointmentId', ids.created.appointment],
                ['appointmentStateId', ids.appointmentStateId],
              ],
              auth: 'token',
            }
          : undefined,
      check: writeResult('AppointmentId'),
    }),
    probe({
      name: 'deleteAppointment of the appointment just created: 200',
      rule: 'DELETE appointments/{appointmentId} cancels and removes it',
      op: remove,
      writes: true,
      build: (ids) => ids.created.appointment && { path: pathOf(remove, ids.created.appointment), auth: 'token' },
      check: status(200),
      after: (seen, ids) => {
        if (seen.status === 200) delete ids.created.appointment;
      },
    }),
    probe({
      name: 'createClassBooking with ObjectState 0: 200 and nothing written',
      rule: 'POST classes/classbookings without ObjectState 1 returns 200 and writes nothing',
      op: booking,
      writes: true,
      build: (ids) =>
        ids.siteId && ids.classScheduleId && ids.clientId
          ? { path: booking.path, query: [['siteId', ids.siteId]], auth: 'token', body: bookingBody(ids, 0) }
          : undefined,
      check: status(200),
    }),
    probe({
      name: 'createClassBooking with ObjectState 1 echoes the caller-generated id',
      rule: 'POST classes/classbookings: the caller generates ClassBookingId; the write result echoes it',
      op: booking,
      writes: true,
      makes: 'classBooking',
      build: (ids) =>
        ids.siteId && ids.classScheduleId && ids.clientId
          ? { path: booking.path, query: [['siteId', ids.siteId]], auth: 'token', body: bookingBody(ids, 1) }
          : undefined,
      check: all(writeResult('ClassBookingId')),
      after: (seen, ids) => {
        const id = writtenId(seen);
        if (seen.status === 200 && id && id !== EMPTY) ids.created.classBooking = id;
      },
    }),
    probe({
      name: 'updateClassBooking with ObjectState 3 removes the booking',
      rule: 'PUT classes/classbookings: ObjectState 3 removes; classBookingId in the query routes only',
      op: changeBooking,
      writes: true,
      build: (ids) =>
        ids.created.classBooking && {
          path: changeBooking.path,
          query: [['classBookingId', ids.created.classBooking]],
          auth: 'token',
          body: bookingBody(ids, 3),
        },
      check: writeResult('ClassBookingId'),
      after: (seen, ids) => {
        if (seen.status === 200) delete ids.created.classBooking;
      },
    }),
    probe({
      name: 'registerWebhook answers the subscription',
      rule: 'POST webhooks registers a subscription (snake_case body)',
      op: register,
      writes: true,
      makes: 'webhook',
      build: () => ({
        path: register.path,
        auth: 'token',
        body: { event: 'NewRecurringSupplierInvoice', url: 'https://conform.invalid/hook' },
      }),
      check: status(200),
      after: (seen, ids) => {
        const id = (seen.json as { webhook_id?: unknown } | null)?.webhook_id;
        if (seen.status === 200 && typeof id === 'string') ids.created.webhook = id;
      },
    }),
    probe({
      name: 'registerWebhook of the same subscription again: 409',
      rule: 'POST webhooks returns 409 when the record already exists',
      op: register,
      writes: true,
      build: (ids) =>
        ids.created.webhook && {
          path: register.path,
          auth: 'token',
          body: { event: 'NewRecurringSupplierInvoice', url: 'https://conform.invalid/hook' },
        },
      check: status(409),
    }),
    probe({
      name: 'deleteWebhook of the subscription just made: removed',
      rule: 'DELETE webhooks/{webhookId} removes the subscription',
      op: unregister,
      writes: true,
      build: (ids) => ids.created.webhook && { path: pathOf(unregister, ids.created.webhook), auth: 'token' },
      check: (seen) => (seen.status >= 200 && seen.status < 300 ? undefined : `status ${seen.status}`),
      after: (seen, ids) => {
        if (seen.status >= 200 && seen.status < 300) delete ids.created.webhook;
      },
    }),
  ];
}

/** A request that removes a record a write probe made, by its kind in `ids.created`. */
export function removal(kind: string, id: string, ids: Ids): { operation: string; request: ProbeRequest } | undefined {
  switch (kind) {
    case 'appointment':
      return { operation: 'deleteAppointment', request: removeRequest('deleteAppointment', id) };
    case 'webhook':
      return { operation: 'deleteWebhook', request: removeRequest('deleteWebhook', id) };
    case 'classBooking': {
      const o = operation('updateClassBooking');
      return {
        operation: o.id,
        request: {
          method: o.method,
          path: o.path,
          query: [['classBookingId', id]],
          auth: 'token',
          body: { ClassBookingId: id, ClassScheduleId: ids.classScheduleId, ObjectState: 3 },
        },
      };
    }
    default:
      return undefined;
  }
}

const removeRequest = (id: string, recordId: string): ProbeRequest => {
  const o = operation(id);
  return { method: o.method, path: pathOf(o, recordId), auth: 'token' };
};
