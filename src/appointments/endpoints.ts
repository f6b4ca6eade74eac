import { checkRange } from '../errors/range.js';
import { weekAround } from '../examples.js';
import { rangeParams } from '../http/common-params.js';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { guid, guidFilter, routeGuid, string } from '../http/params.js';
import { inSlices, reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import {
  appointmentListSteps,
  createAppointment,
  deleteAppointment,
  findAppointment,
  listAppointmentStates,
  setAppointmentState,
  updateAppointment,
} from './appointment.js';
import { bookingBody, upcomingAppointment } from './examples.js';
import { APPOINTMENT_RULES } from './rules.js';
import { AppointmentInput, AppointmentListSchema, AppointmentSchema, AppointmentStateSchema } from './schemas.js';

const appointments = endpointGroup('Appointments');

const MAX_LIST_DAYS = 90;

const appointmentBody = (description: string) => ({ schema: AppointmentInput, required: true, description }) as const;
const appointmentIdRoute = { appointmentId: routeGuid('Appointment id.') };

export const appointmentCrudEndpoints = [
  appointments.get('/api/v2/appointments', {
    operationId: 'listAppointments',
    summary: 'List the appointments of a site whose start falls in a range of at most 90 days.',
    description:
      'Every parameter must be in the URL by name (405 otherwise, as POST is served on the same path). An ' +
      'appointment is in range when its Start (that of its earliest service) is at or after `start` and at or ' +
      'before `end`; the end is not widened. Ordered by Start.',
    cacheable: true,
    query: {
      siteId: guid({ description: 'Site whose diary to list.' }),
      stateId: guidFilter({
        required: true,
        description: 'Appointment state (GET /api/v2/appointmentstates); empty or the empty Guid = every state.',
      }),
      ...rangeParams('Range start (UTC).', 'Range end (UTC), at most 90 days after start.'),
      find: string({
        description:
          "Free text, case-insensitive contains match over the client's name and the services' names; empty = none.",
      }),
      clientId: guidFilter({ required: true, description: 'Client; empty or the empty Guid = every client.' }),
    },
    response: listAnswer('Appointments in the range, ordered by Start.', AppointmentListSchema),
    errors: { 400: 'The range is wider than 90 days (`Maximum date range is 90 days`), or a value is malformed.' },
    example: (world, now) => ({
      query: {
        siteId: upcomingAppointment(world, now).SiteId,
        stateId: '',
        ...weekAround(now),
        find: '',
        clientId: '',
      },
    }),
    handler: ({ account, query }) => {
      checkRange(query.start, query.end, MAX_LIST_DAYS, APPOINTMENT_RULES.listRange);
      return reply.fromSteps(appointmentListSteps(account.world, query));
    },
  }),
  appointments.post('/api/v2/appointments', {
    operationId: 'createAppointment',
    summary: 'Book an appointment with its services, employees and resources.',
    description:
      'Ids in the body are empty Guids (or left out): the appointment, its services and its AppointmentNumber ' +
      'are generated. The site is the query siteId. Each service needs ServiceId and Start; End defaults to ' +
      'Start plus the service duration. Each employee needs FirstName and LastName and each resource Name (the ' +
      'spec\'s "required"; validate does not ask for them), but the account\'s own names are stored. The state is ' +
      'Booked unless AppointmentStateId is sent. Availability is NOT checked (overlapping bookings are ' +
      'accepted): call POST /api/v2/appointments/validate first. Unknown ids are a 400 naming the field.',
    query: { siteId: guid({ description: 'Site the appointment is booked at.' }) },
    body: appointmentBody('The appointment with its AppointmentServices; ids empty.'),
    response: writeResultAnswer('AppointmentId', 'the new id'),
    errors: { 400: 'No body, or a field is missing, malformed or names no record of the account.' },
    example: (world, now) => {
      const a = upcomingAppointment(world, now);
      return { query: { siteId: a.SiteId }, body: bookingBody(a) };
    },
    handler: async ({ account, query, body, now, userId }) => {
      const write = { now, random: account.random, userId };
      const appointment = await inSlices(createAppointment(account.world, query.siteId, body, write));
      return writeResult('AppointmentId', appointment.AppointmentId);
    },
  }),
  appointments.post('/api/v2/appointments/setstate', {
    operationId: 'setAppointmentState',
    summary: 'Move an appointment to another state.',
    description:
      'Any state id of the account is accepted from any state: there are no transition rules. No body. An ' +
      'appointment that does not exist is a 400 `Record does not exist.`; a state id that is not one of GET ' +
      '/api/v2/appointmentstates is a 400 naming appointmentStateId.',
    query: {
      appointmentId: guid({ description: 'Appointment to move.' }),
      appointmentStateId: guid({ description: 'State to move it to (GET /api/v2/appointmentstates).' }),
    },
    response: writeResultAnswer('AppointmentId', 'the appointment id'),
    errors: { 400: 'Unknown appointment (`Record does not exist.`) or unknown state.' },
    example: (world, now) => ({
      query: {
        appointmentId: upcomingAppointment(world, now).AppointmentId,
        appointmentStateId: world.appointmentStates.find((s) => s.Name === 'Arrived')?.AppointmentStateId ?? '',
      },
    }),
    handler: ({ account, query }) => {
      setAppointmentState(account.world, query.appointmentId, query.appointmentStateId);
      return writeResult('AppointmentId', query.appointmentId);
    },
  }),
  appointments.get('/api/v2/appointments/{appointmentId}', {
    operationId: 'getAppointment',
    summary: 'One appointment with its services, employees and resources; any site, no siteId.',
    cacheable: true,
    route: appointmentIdRoute,
    response: recordOrNull('appointment', AppointmentSchema),
    example: (world, now) => ({ route: { appointmentId: upcomingAppointment(world, now).AppointmentId } }),
    handler: ({ account, route }) => reply.json(findAppointment(account.world, route.appointmentId) ?? null),
  }),
  appointments.put('/api/v2/appointments/{appointmentId}', {
    operationId: 'updateAppointment',
    summary: 'Update an appointment: sent fields overwrite, the services are replaced by the sent list.',
    description:
      "Quirk kept from the real service: the record loaded and saved is the one named by the BODY's " +
      'AppointmentId, while the answer echoes the ROUTE id. Send the same id in both. A body AppointmentId ' +
      'naming no appointment (or none) is a 400 `Record does not exist.`. Fields left out keep their value; ' +
      'AppointmentNumber, CreationDate and InvoiceId never change; a sent AppointmentServiceId of this ' +
      'appointment keeps its id. Employee and resource names are required as on create. Availability is not ' +
      'checked.',
    route: appointmentIdRoute,
    body: appointmentBody('The appointment in full; its AppointmentId selects the record.'),
    response: writeResultAnswer('AppointmentId', 'the ROUTE id'),
    errors: {
      400:
        "No body, the body's AppointmentId names no appointment (`Record does not exist.`), or a field is missing, " +
        'malformed or names no record.',
    },
    example: (world, now) => {
      const a = upcomingAppointment(world, now);
      return { route: { appointmentId: a.AppointmentId }, body: { AppointmentId: a.AppointmentId, ...bookingBody(a) } };
    },
    handler: async ({ account, route, body }) => {
      await inSlices(updateAppointment(account.world, body, account.random));
      return writeResult('AppointmentId', route.appointmentId);
    },
  }),
  appointments.delete('/api/v2/appointments/{appointmentId}', {
    operationId: 'deleteAppointment',
    summary: 'Cancel and remove an appointment.',
    description:
      'Answers 200 with an empty body. An appointment that does not exist (or was already removed) is a 400 ' +
      '`{"Message":"Record does not exist."}`.',
    route: appointmentIdRoute,
    response: { description: 'Removed; empty body.', contentType: 'empty' },
    errors: { 400: 'No appointment has that id (`Record does not exist.`).' },
    example: (world, now) => ({ route: { appointmentId: upcomingAppointment(world, now).AppointmentId } }),
    handler: ({ account, route }) => {
      deleteAppointment(account.world, route.appointmentId);
      return reply.empty();
    },
  }),
  appointments.get('/api/v2/appointmentstates', {
    operationId: 'listAppointmentStates',
    summary: 'The appointment states of the account (the ids setstate and the stateId filter take).',
    description:
      "The spec names an appointment-states category without its route; this is the simulator's route for it. " +
      'Account-wide: no siteId.',
    cacheable: true,
    response: listAnswer('Every state, in workflow order.', AppointmentStateSchema),
    errors: {},
    example: () => ({}),
    handler: ({ account }) => reply.json(listAppointmentStates(account.world)),
  }),
];
