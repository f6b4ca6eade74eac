import { z } from 'zod';
import { findParam, itemStateParam, siteIdParam } from '../http/common-params.js';
import { endpointGroup } from '../http/endpoint.js';
import { guid, optionalDateTime, routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { WriteResultSchema, writeResult } from '../http/write-result.js';
import { createClient } from './create.js';
import { atSite, exampleClient, newClientBody } from './examples.js';
import { ClientCreateInput, ClientUpdateInput } from './input.js';
import { listClients } from './list.js';
import { findClient } from './record.js';
import { ClientListSchema, ClientSchema } from './schemas.js';
import { updateClient } from './update.js';
import { clientAnswer } from './views.js';

const clients = endpointGroup('Clients');

/** GET, POST and PUT /clients, and GET /clients/{id}. */
export const clientRecordEndpoints = [
  clients.get('/api/v2/clients', {
    operationId: 'listClients',
    summary: 'List and search the clients of a site; account-wide clients are included.',
    description:
      '`find` is a case-insensitive starts-with match over first name, last name, first-plus-last (`Jane Sm`), ' +
      'client code, e-mail, mobile and membership number. Ordered by last name, then first name. No password or ' +
      'hash is ever answered.',
    cacheable: true,
    allowListLine: 'api/v2/clients',
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam(
        'first name, last name, "first last", client code, e-mail, mobile and membership number',
        'starts-with',
      ),
      creationDate: optionalDateTime({
        description: 'Only clients created on or after this UTC time; empty or left out = no filter.',
      }),
    },
    response: { description: 'Clients, ordered by last name, then first name.', schema: z.array(ClientListSchema) },
    errors: {},
    example: atSite,
    handler: ({ account, query }) => reply.json(listClients(account.world, query)),
  }),
  clients.get('/api/v2/clients/{id}', {
    operationId: 'getClient',
    summary: 'One client in full: addresses, notes, account details and membership; any site, no siteId.',
    description: 'The password is never answered, only whether one is set (`HasAccountPassword`).',
    cacheable: true,
    route: { id: routeGuid('Client id.') },
    response: {
      description: 'The client, or `null` when the account has none with that id.',
      schema: ClientSchema.nullable(),
    },
    errors: { 404: 'The id is not a well-formed Guid (the route does not match).' },
    example: (world) => ({ route: { id: exampleClient(world).ClientId } }),
    handler: ({ account, route }) => {
      const client = findClient(account.world, route.id);
      return reply.json(client ? clientAnswer(client) : null);
    },
  }),
  clients.post('/api/v2/clients', {
    operationId: 'createClient',
    summary: 'Create a client (sign-up); AccountPassword sets the password.',
    description:
      'The client belongs to the query siteId (the empty Guid makes an account-wide client); the body ClientId ' +
      'and SiteId are not used. FirstName, LastName and Gender are required. AccountPassword is stored only as a ' +
      'PBKDF2 hash (surrounding whitespace stripped, as sign-in strips it); left out, null or blank, the client ' +
      'has no password. Duplicates (same name or e-mail) are not prevented: call emailexists first. ClientNotes ' +
      'with ObjectState 1 are created.',
    allowListLine: 'api/v2/clients',
    query: { siteId: guid({ description: 'Site the client belongs to; the empty Guid = the whole account.' }) },
    body: { schema: ClientCreateInput, required: true, description: 'The client; ClientId empty.' },
    response: { description: 'Write result: Message `ClientId`, Value the new id.', schema: WriteResultSchema },
    errors: {
      400:
        'No body, a malformed or over-long field, an unknown enumeration value, or a siteId or MembershipId naming ' +
        'nothing.',
    },
    example: (world) => ({ ...atSite(world), body: newClientBody() }),
    handler: ({ account, query, body, now }) =>
      writeResult('ClientId', createClient(account.world, query.siteId, body, now, account.random).ClientId),
  }),
  clients.put('/api/v2/clients', {
    operationId: 'updateClient',
    summary: 'Update a client: the query clientId selects the record; NewAccountPassword changes the password.',
    description:
      'Sent fields overwrite, fields left out keep their value. NewAccountPassword (non-blank) replaces the ' +
      'password; AccountPassword sent here does NOT change it (it is written into the record apart from the ' +
      'sign-in password, and never answered). ClientNotes carry ObjectState: 1 creates, 2 updates, 3 deletes the ' +
      'note its ClientNoteId names, 0 leaves it as is. A clientId naming no client is a 400 `Record does not ' +
      'exist.`.',
    allowListLine: 'api/v2/clients',
    query: { clientId: guid({ description: 'Client to update.' }) },
    body: { schema: ClientUpdateInput, required: true, description: 'The fields to write.' },
    response: { description: 'Write result: Message `ClientId`, Value the client id.', schema: WriteResultSchema },
    errors: {
      400:
        'No body, an unknown client (`Record does not exist.`), a malformed or over-long field, or an id naming ' +
        'nothing.',
    },
    example: (world) => ({
      query: { clientId: exampleClient(world).ClientId },
      body: {
        MobilePhone: '07700 900456',
        ClientNotes: [{ ObjectState: 1, ClientNoteType: 1, Category: 'General', Body: 'Prefers mornings' }],
      },
    }),
    handler: ({ account, query, body }) =>
      writeResult('ClientId', updateClient(account.world, query.clientId, body, account.random).ClientId),
  }),
];
