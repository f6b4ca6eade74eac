import { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { answerObject } from '../field-sources.js';
import { endpointGroup } from '../http/endpoint.js';
import { reply } from '../http/reply.js';

const PingResponse = answerObject(
  'PingResponse',
  { status: z.literal('ok'), tenant: z.string(), utc: z.string() },
  { status: 'spec', tenant: 'spec', utc: 'spec' },
);

const connectivity = endpointGroup('Connectivity');

export const ping = connectivity.get('/api/v2/ping', {
  operationId: 'ping',
  summary: 'Check connectivity and the token: answers the account name and the service time.',
  response: {
    description: 'The service is reachable and the token valid.',
    schema: PingResponse,
  },
  errors: {},
  example: () => ({}),
  handler: ({ account, now }) => reply.json({ status: 'ok', tenant: account.name, utc: formatDateTime(now) }),
});
