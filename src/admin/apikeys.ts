import { z } from 'zod';
import { type ApiKey, addApiKey, removeApiKey } from '../auth/credentials.js';
import { errors } from '../errors/errors.js';
import { adminGroup, named, onAccount, refused, withId } from './admin-route.js';
import { ApiKeyInfo, IssuedApiKey } from './admin-schemas.js';
import { CreateApiKeyBody } from './schemas.js';

// Control plane for version 1 API keys (camelCase). A key is shown once, when issued; listings
// show only its id, state, IP allow-list and creation time, since only the hash is kept.

const keys = adminGroup('Credentials');

export const apiKeyDeclarations = [
  keys.post('/accounts/{name}/apikeys', {
    operationId: 'createApiKey',
    summary: 'Issue a version 1 API key',
    description:
      'Optionally limited to an address range: a version 1 call from an address the list does not hold answers ' +
      '403 `Unauthorized - Invalid client IP address.`, as a credential with an IP allow-list does.',
    route: named,
    body: {
      schema: CreateApiKeyBody,
      required: false,
      description: 'Its IP allow-list and state.',
      example: { ips: '203.0.113.7' },
    },
    answers: { 201: { description: 'The key, shown only here.', schema: IssuedApiKey }, ...onAccount },
    handler: async ({ c, account, body }) => {
      const { key } = await account.write(() => addApiKey(account.auth, body, account.clock.now()));
      return c.json({ apiKey: key }, 201);
    },
  }),
  keys.get('/accounts/{name}/apikeys', {
    operationId: 'listApiKeys',
    summary: 'The version 1 API keys, never the keys themselves',
    route: named,
    answers: {
      200: { description: 'Id, state, IP allow-list and creation time.', schema: z.array(ApiKeyInfo) },
      ...onAccount,
    },
    handler: ({ c, account }) => c.json(account.auth.apiKeys.map(view)),
  }),
  keys.delete('/accounts/{name}/apikeys/{id}', {
    operationId: 'deleteApiKey',
    summary: 'Withdraw a version 1 API key',
    route: withId('API key'),
    answers: {
      204: { description: 'The key is refused from now on.' },
      ...onAccount,
      404: refused('No such account, or no such API key.'),
    },
    handler: async ({ c, account, route }) => {
      const id = route.id ?? '';
      if (!(await account.write(() => removeApiKey(account.auth, id)))) throw errors.admin(404, `no API key '${id}'`);
      return c.body(null, 204);
    },
  }),
];

function view(k: ApiKey) {
  return { id: k.id, active: k.active, ips: k.ips ?? '', createdAt: new Date(k.createdAt).toISOString() };
}
