import { z } from 'zod';
import { errors } from '../errors/errors.js';
import { atSite } from '../examples.js';
import { findParam, itemStateParam, rangeParams, siteIdParam } from '../http/common-params.js';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { booleanFilter, guid, optionalDateTime, routeGuid, string } from '../http/params.js';
import { inSlices, reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import { appointmentHistory } from './appointment-history.js';
import {
  clientById,
  clientListSteps,
  clientV1ById,
  contactListSteps,
  createClient,
  emailOwner,
  mobileOwner,
  signIn,
  updateClient,
} from './client.js';
import {
  emailExample,
  exampleClient,
  historyExample,
  mobileExample,
  newClientBody,
  signInExample,
} from './examples.js';
import { CLIENT_RULES } from './rules.js';
import {
  AppointmentHistorySchema,
  ClientContactSchema,
  ClientCreateInput,
  ClientListSchema,
  ClientSchema,
  ClientUpdateInput,
  ClientV1Schema,
} from './schemas.js';

const clients = endpointGroup('Clients');

/** What `find` searches. */
const SEARCHED = 'first name, last name, "first last", client code, e-mail, mobile and membership number';

const ownerAnswer = {
  description: 'The id of the first matching client as a bare JSON string, or the literal `null`.',
  schema: z.guid().nullable(),
};
const channel = (name: string) =>
  booleanFilter({
    required: false,
    description: `${name}: left out = ignore the channel; true = accepted; false = explicitly declined.`,
  });

/** What POST /clients says of its site and required fields, on both versions. */
const CREATE_FIELDS =
  'The client belongs to the query siteId (the empty Guid makes an account-wide client); the body ClientId and ' +
  'SiteId are not used. FirstName and LastName are required; Gender (1 or 2) may be left out, and is then stored ' +
  'and answered as 0.';
/** What POST /clients says after the password, on both versions. */
const CREATE_REST =
  'Duplicates (same name or e-mail) are not prevented: call emailexists first. ClientNotes with ObjectState 1 are ' +
  'created. Alerts rows are kept, one per AlertId (the last sent wins).';
/** What PUT /clients says after the password, on both versions. */
const UPDATE_REST =
  'ClientNotes carry ObjectState: 1 creates, 2 updates, 3 deletes the note its ClientNoteId names, 0 leaves it as ' +
  "is. Alerts, when sent, replace the client's alerts. A clientId naming no client is a 400 `Record does not " +
  'exist.`.';

/** The appointment history; GET, POST and PUT /clients and GET /clients/{id}; the look-ups, sign-in and contacts. */
export const clientEndpoints = [
  clients.get('/api/v2/clients/appointmenthistory', {
    operationId: 'listClientAppointmentHistory',
    summary:
      "A client's appointments at a site over a range of at most 730 days, each with the invoice it was billed on.",
    description:
      'An appointment is returned only when it lies wholly inside the range: it starts at or after `start` and its ' +
      'last service ends at or before `end`. Every state is returned, cancelled ones included. Newest first.',
    cacheable: true,
    query: {
      clientId: guid({ description: 'The client.' }),
      siteId: guid({ description: 'Site whose appointments to return.' }),
      ...rangeParams('Range start (UTC).', 'Range end (UTC), at most 730 days after start.'),
    },
    response: listAnswer("The client's appointments in the range, newest first.", AppointmentHistorySchema),
    errors: { 400: 'The range is wider than 730 days (`Maximum date range is 730 days`), or a value is malformed.' },
    example: historyExample,
    handler: ({ account, query }) => reply.json(appointmentHistory(account.world, query)),
  }),
  clients.get('/api/v2/clients', {
    operationId: 'listClients',
    summary: 'List and search the clients of a site; account-wide clients are included.',
    description:
      '`find` is a case-insensitive starts-with match over first name, last name, first-plus-last (`Jane Sm`), ' +
      'client code, e-mail, mobile and membership number. Ordered by last name, then first name. No password or ' +
      'hash is ever answered.',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam(SEARCHED, 'starts-with'),
      creationDate: optionalDateTime({
        description: 'Only clients created on or after this UTC time; empty or left out = no filter.',
      }),
    },
    response: listAnswer('Clients, ordered by last name, then first name.', ClientListSchema),
    errors: {},
    example: atSite,
    handler: ({ account, query }) => reply.fromSteps(clientListSteps(account.world, query)),
  }),
  clients.get('/api/v2/clients/{id}', {
    operationId: 'getClient',
    summary: 'One client in full: addresses, notes, account details and membership; any site, no siteId.',
    description:
      'The password is never answered, only whether one is set (`HasAccountPassword`). `Alerts` are the rows ' +
      'sent on create or update, one per AlertId.',
    cacheable: true,
    route: { id: routeGuid('Client id.') },
    response: recordOrNull('client', ClientSchema),
    example: (world) => ({ route: { id: exampleClient(world).ClientId } }),
    handler: ({ account, route }) => reply.json(clientById(account.world, route.id)),
    v1: {
      description:
        "Version 1 also answers `AccountPassword`: the stored password value as it is kept (`''` when none): " +
        'the hex SHA-512 a version 1 create or update sent, or a PBKDF2 string once a version 2 sign-in ' +
        'migrated it or a password was set in plain text. No list row and no version 2 answer carries it.',
      response: recordOrNull('client', ClientV1Schema),
      handler: ({ account, route }) => reply.json(clientV1ById(account.world, route.id)),
    },
  }),
  clients.post('/api/v2/clients', {
    operationId: 'createClient',
    summary: 'Create a client (sign-up); AccountPassword sets the password.',
    description:
      `${CREATE_FIELDS} AccountPassword is stored only as a PBKDF2 hash (surrounding whitespace stripped, as ` +
      `sign-in strips it); left out, null or blank, the client has no password. ${CREATE_REST}`,
    query: { siteId: guid({ description: 'Site the client belongs to; the empty Guid = the whole account.' }) },
    body: { schema: ClientCreateInput, required: true, description: 'The client; ClientId empty.' },
    response: writeResultAnswer('ClientId', 'the new id'),
    errors: {
      400:
        'No body, a malformed or over-long field, an unknown enumeration value, or a siteId or MembershipId naming ' +
        'nothing.',
    },
    example: (world) => ({ ...atSite(world), body: newClientBody() }),
    handler: async ({ account, query, body, now }) =>
      writeResult(
        'ClientId',
        (await inSlices(createClient(account.world, query.siteId, body, now, account.random))).ClientId,
      ),
    v1: {
      description:
        `${CREATE_FIELDS} AccountPassword is version 1's older password hash, which its client computes (the hex ` +
        'SHA-512 of the password): it is kept as sent, as the stored password value, and answered by ' +
        '`GET /api/clients/{id}`; a version 2 sign-in checks the password against it and then migrates it to ' +
        `PBKDF2. Left out, null or blank, the client has no password. ${CREATE_REST}`,
      handler: async ({ account, query, body, now }) => {
        const client = await inSlices(createClient(account.world, query.siteId, body, now, account.random, 1));
        return writeResult('ClientId', client.ClientId);
      },
    },
  }),
  clients.put('/api/v2/clients', {
    operationId: 'updateClient',
    summary: 'Update a client: the query clientId selects the record; NewAccountPassword changes the password.',
    description:
      'Sent fields overwrite, fields left out keep their value. NewAccountPassword (non-blank) replaces the ' +
      'password; AccountPassword sent here does NOT change it (it is written into the record apart from the ' +
      `sign-in password, and never answered). ${UPDATE_REST}`,
    query: { clientId: guid({ description: 'Client to update.' }) },
    body: { schema: ClientUpdateInput, required: true, description: 'The fields to write.' },
    response: writeResultAnswer('ClientId', 'the client id'),
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
    handler: async ({ account, query, body }) =>
      writeResult(
        'ClientId',
        (await inSlices(updateClient(account.world, query.clientId, body, account.random))).ClientId,
      ),
    v1: {
      description:
        'Sent fields overwrite, fields left out keep their value. A non-blank AccountPassword is the stored ' +
        'password value, kept as sent (version 1 clients send the hex SHA-512 they compute; sending back the ' +
        'value read keeps it); a non-blank NewAccountPassword is plain text and replaces it, stored as a PBKDF2 ' +
        `hash. ${UPDATE_REST}`,
      handler: async ({ account, query, body }) =>
        writeResult(
          'ClientId',
          (await inSlices(updateClient(account.world, query.clientId, body, account.random, 1))).ClientId,
        ),
    },
  }),
  clients.get('/api/v2/clients/emailexists', {
    operationId: 'clientEmailExists',
    summary:
      'The Active client of the site (or account-wide) with this e-mail: trimmed, case-insensitive; the first ' +
      'match wins.',
    description:
      '"First" is the order of the account\'s store: clients in the order they joined, then those created ' +
      'through the API in creation order.',
    cacheable: true,
    query: { siteId: siteIdParam(), email: string({ description: 'E-mail to look for.' }) },
    response: ownerAnswer,
    example: emailExample,
    handler: ({ account, query }) => reply.json(emailOwner(account.world, query.siteId, query.email)),
  }),
  clients.get('/api/v2/clients/mobileexists', {
    operationId: 'clientMobileExists',
    summary: 'The Active client of the site (or account-wide) with this mobile: trimmed text, no normalisation.',
    description:
      'Country codes, spaces and leading zeros are compared as typed: `07700 900123` does not find `+44 7700 900123`.',
    cacheable: true,
    query: { siteId: siteIdParam(), mobile: string({ description: 'Mobile number to look for, as typed.' }) },
    response: ownerAnswer,
    example: mobileExample,
    handler: ({ account, query }) => reply.json(mobileOwner(account.world, query.siteId, query.mobile)),
  }),
  clients.get('/api/v2/clients/authenticate', {
    operationId: 'authenticateClient',
    summary: "Verify a client's password (sign-in): 200 empty body when valid, 401 empty body otherwise.",
    description:
      'Call it server-side only: the password travels in the query string. Surrounding whitespace of e-mail and ' +
      'password is stripped; the client is resolved by clientId and e-mail together and must be Active. Every ' +
      'failure (wrong password or e-mail, unknown id, inactive, no password) is the same 401, which is not a ' +
      'credential failure (those are 403). A first success on an older password hash migrates it to PBKDF2.',
    errors: { 401: 'The client could not be signed in (not distinguished). Empty body.' },
    // A first success on an older hash rewrites it: a GET that writes, so it runs as a write.
    readOnly: false,
    query: {
      clientId: guid({ description: 'The client.' }),
      email: string({ description: "The client's e-mail." }),
      password: string({ description: 'The password, plain text. Never logged (the request journal redacts it).' }),
    },
    response: { description: 'Signed in; empty body.', contentType: 'empty' },
    example: signInExample,
    handler: async ({ account, query }) => {
      if (!(await signIn(account, query))) throw errors.clientSignInFailed(CLIENT_RULES.signIn);
      return reply.empty();
    },
  }),
  clients.get('/api/v2/clients/contacts', {
    operationId: 'listClientContacts',
    summary: 'Marketing list: clients who agreed to marketing, filtered by channel; ordered by last name.',
    description:
      'Clients who have not agreed to marketing are never listed. Each channel filter is three-way: left out ' +
      'ignores the channel, true keeps those who accepted it, false keeps those who explicitly declined it ' +
      '(never asked matches neither).',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam(SEARCHED, 'contains'),
      contactEmail: channel('E-mail'),
      contactSms: channel('SMS'),
      contactPhone: channel('Phone'),
    },
    response: listAnswer('Contacts, ordered by last name, then first name.', ClientContactSchema),
    example: (world) => ({ query: { ...atSite(world).query, contactEmail: 'true' } }),
    handler: ({ account, query }) => reply.fromSteps(contactListSteps(account.world, query)),
  }),
];
