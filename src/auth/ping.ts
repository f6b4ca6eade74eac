import { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { endpointGroup } from '../http/endpoint.js';
import { reply } from '../http/reply.js';

const connectivity = endpointGroup('Connectivity');

export const ping = connectivity.get('/api/v2/ping', {
  operationId: 'ping',
  summary: 'Check connectivity and the token: answers the account name and the service time.',
  response: {
    description: 'The service is reachable and the token valid.',
    schema: z.object({ status: z.literal('ok'), tenant: z.string(), utc: z.string() }),
  },
  errors: {},
  example: () => ({}),
  handler: ({ account, now }) => reply.json({ status: 'ok', tenant: account.name, utc: formatDateTime(now) }),
});
