import { z } from 'zod';
import { findParam, itemStateParam, siteIdParam } from '../http/common-params.js';
import { endpointGroup } from '../http/endpoint.js';
import { errors } from '../http/errors.js';
import { booleanFilter, guid, string } from '../http/params.js';
import { reply } from '../http/reply.js';
import { listContacts } from './contacts.js';
import { atSite, exampleClient, signInExample } from './examples.js';
import { emailOwner, mobileOwner } from './exists.js';
import { ClientContactSchema } from './schemas.js';
import { signIn } from './sign-in.js';

const clients = endpointGroup('Clients');

const ownerAnswer = {
  description: 'The id of the first matching client as a bare JSON string, or the literal `null`.',
  schema: z.guid().nullable(),
};
const channel = (name: string) =>
  booleanFilter({
    required: false,
    description: `${name}: left out = ignore the channel; true = accepted; false = explicitly declined.`,
  });

/** emailexists, mobileexists, authenticate and contacts. */
export const clientLookupEndpoints = [
  clients.get('/api/v2/clients/emailexists', {
    operationId: 'clientEmailExists',
    summary:
      'The Active client of the site (or account-wide) with this e-mail: trimmed, case-insensitive; the first ' +
      'match wins.',
    description:
      '"First" is the order of the account\'s store: clients in the order they joined, then those created ' +
      'through the API in creation order.',
    cacheable: true,
    allowListLine: 'api/v2/clients/emailexists',
    query: { siteId: siteIdParam(), email: string({ description: 'E-mail to look for.' }) },
    response: ownerAnswer,
    example: (world) => {
      const c = exampleClient(world);
      return { query: { siteId: c.SiteId ?? '', email: c.Email.toUpperCase() } };
    },
    handler: ({ account, query }) => reply.json(emailOwner(account.world, query.siteId, query.email)),
  }),
  clients.get('/api/v2/clients/mobileexists', {
    operationId: 'clientMobileExists',
    summary: 'The Active client of the site (or account-wide) with this mobile: trimmed text, no normalisation.',
    description:
      'Country codes, spaces and leading zeros are compared as typed: `07700 900123` does not find `+44 7700 900123`.',
    cacheable: true,
    allowListLine: 'api/v2/clients/mobileexists',
    query: { siteId: siteIdParam(), mobile: string({ description: 'Mobile number to look for, as typed.' }) },
    response: ownerAnswer,
    example: (world) => {
      const c = exampleClient(world);
      return { query: { siteId: c.SiteId ?? '', mobile: c.MobilePhone } };
    },
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
    allowListLine: 'api/v2/clients/authenticate',
    query: {
      clientId: guid({ description: 'The client.' }),
      email: string({ description: "The client's e-mail." }),
      password: string({ description: 'The password, plain text. Never logged (the request journal redacts it).' }),
    },
    response: { description: 'Signed in; empty body.', contentType: 'empty' },
    example: signInExample,
    handler: async ({ account, query }) => {
      if (!(await signIn(account, query))) throw errors.clientSignInFailed();
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
    allowListLine: 'api/v2/clients/contacts',
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam(
        'first name, last name, "first last", client code, e-mail, mobile and membership number',
        'contains',
      ),
      contactEmail: channel('E-mail'),
      contactSms: channel('SMS'),
      contactPhone: channel('Phone'),
    },
    response: { description: 'Contacts, ordered by last name, then first name.', schema: z.array(ClientContactSchema) },
    example: (world) => ({ query: { ...atSite(world).query, contactEmail: 'true' } }),
    handler: ({ account, query }) => reply.json(listContacts(account.world, query)),
  }),
];
