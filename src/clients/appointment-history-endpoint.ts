import { z } from 'zod';
import { DAY, formatDate, startOfDay } from '../datetime.js';
import { endpointGroup } from '../http/endpoint.js';
import { dateTime, guid } from '../http/params.js';
import { checkRange } from '../http/range.js';
import { reply } from '../http/reply.js';
import { appointmentHistory } from './appointment-history.js';
import { AppointmentHistorySchema } from './history-schema.js';

const clients = endpointGroup('Clients');

const MAX_HISTORY_DAYS = 730;

export const appointmentHistoryEndpoint = clients.get('/api/v2/clients/appointmenthistory', {
  operationId: 'listClientAppointmentHistory',
  summary:
    "A client's appointments at a site over a range of at most 730 days, each with the invoice it was billed on.",
  description:
    'An appointment is returned only when it lies wholly inside the range: it starts at or after `start` and its ' +
    'last service ends at or before `end`. Every state is returned, cancelled ones included. Newest first.',
  cacheable: true,
  allowListLine: 'api/v2/clients/appointmenthistory',
  query: {
    clientId: guid({ description: 'The client.' }),
    siteId: guid({ description: 'Site whose appointments to return.' }),
    start: dateTime({ description: 'Range start (UTC).' }),
    end: dateTime({ description: 'Range end (UTC), at most 730 days after start.' }),
  },
  response: {
    description: "The client's appointments in the range, newest first.",
    schema: z.array(AppointmentHistorySchema),
  },
  errors: { 400: 'The range is wider than 730 days (`Maximum date range is 730 days`), or a value is malformed.' },
  example: (world, now) => {
    // A client with a billed appointment, over the year up to today.
    const billed = world.appointments.find((a) => a.InvoiceId !== null) ?? world.appointments[0];
    if (!billed) throw new Error('the world has no appointments');
    const today = startOfDay(now);
    return {
      query: {
        clientId: billed.ClientId,
        siteId: billed.SiteId,
        start: formatDate(today - 364 * DAY),
        end: formatDate(today + DAY),
      },
    };
  },
  handler: ({ account, query }) => {
    checkRange(query.start, query.end, MAX_HISTORY_DAYS);
    return reply.json(appointmentHistory(account.world, query));
  },
});
