import { z } from 'zod';
import { type Credential, changeCredential, findByClientSecret, newClientId } from '../auth/credentials.js';
import { randomSecret, sha256 } from '../auth/hash.js';
import { issueToken, revokeTokens, TOKEN_LIFETIME_SECONDS } from '../auth/tokens.js';
import { formatDateTime } from '../datetime.js';
import { errors } from '../errors/errors.js';
import { answerObject } from '../field-sources.js';
import { endpointGroup, type RequestContext } from '../http/endpoint.js';
import { reply } from '../http/reply.js';
import { AUTH_RULES } from '../http/rules.js';

// The four credential endpoints: no bearer token, a `{ clientId, secret }` body, snake_case
// answers and OAuth-style `{ error }` failures.

const credentialBody = {
  schema: z.object({ clientId: z.string().optional(), secret: z.string().optional() }),
  required: true,
  description: 'The API credential: client id and secret.',
  invalid: () => errors.credential(400, 'invalid_request', AUTH_RULES.credentialBody),
} as const;

export const TokenResponse = answerObject(
  'TokenResponse',
  {
    access_token: z.string().describe('Opaque; returned only once.'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds: six months.'),
    expires_utc: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
  },
  { access_token: 'spec', token_type: 'spec', expires_in: 'spec', expires_utc: 'spec' },
);

const RotateSecretResponse = answerObject(
  'RotateSecretResponse',
  { client_secret: z.string() },
  { client_secret: 'spec' },
);

const RotateClientIdResponse = answerObject('RotateClientIdResponse', { client_id: z.string() }, { client_id: 'spec' });

const credentialErrors = {
  400: '`{ "error": "invalid_request" }`: no body or unreadable JSON.',
  401: '`{ "error": "invalid_client" }`: wrong client id or secret, or inactive credential (not distinguished).',
  500: '`{ "error": "server_error" }`: failure while issuing.',
};

type CredentialBody = z.infer<typeof credentialBody.schema>;

function authenticate(ctx: RequestContext, body: CredentialBody): Credential {
  const credential = findByClientSecret(ctx.account.auth, body.clientId ?? '', body.secret ?? '');
  if (!credential) throw errors.credential(401, 'invalid_client', AUTH_RULES.clientCredential);
  return credential;
}

function tokenReply(ctx: RequestContext, credential: Credential) {
  const { token, expiresAt } = issueToken(ctx.account.auth, credential, ctx.now);
  return reply.json({
    access_token: token,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
    expires_utc: formatDateTime(expiresAt),
  });
}

const EXAMPLE_TOKEN = {
  access_token: 'Zx8uQ2mVb7rK1tYp9LcN4sHd6Wf0Ja3eGo5iRk2TnYq',
  token_type: 'Bearer',
  expires_in: TOKEN_LIFETIME_SECONDS,
  expires_utc: '2026-09-14 21:00',
};

const credentials = endpointGroup('Credentials', 'none');

const common = {
  body: credentialBody,
  errors: credentialErrors,
  example: () => ({ body: { clientId: 'demo-client', secret: 'demo-secret' } }),
} as const;

export const tokenEndpoints = [
  credentials.post('/api/v2/token', {
    ...common,
    operationId: 'issueToken',
    summary: 'Exchange a client id and secret for an access token; existing tokens stay valid.',
    response: { description: 'A new access token, valid six months.', schema: TokenResponse },
    exampleResponse: EXAMPLE_TOKEN,
    handler: (ctx) => tokenReply(ctx, authenticate(ctx, ctx.body)),
  }),
  credentials.post('/api/v2/token/refresh', {
    ...common,
    operationId: 'refreshToken',
    summary: "Revoke all of the credential's active tokens and issue one new token.",
    response: { description: 'The new access token; every earlier token fails at once.', schema: TokenResponse },
    exampleResponse: EXAMPLE_TOKEN,
    handler(ctx) {
      const credential = authenticate(ctx, ctx.body);
      revokeTokens(ctx.account.auth, credential.id);
      return tokenReply(ctx, credential);
    },
  }),
  credentials.post('/api/v2/token/rotate-secret', {
    ...common,
    operationId: 'rotateSecret',
    summary: 'Issue a new secret and revoke every active token of the credential.',
    response: {
      description: 'The new secret, returned this once.',
      schema: RotateSecretResponse,
    },
    exampleResponse: { client_secret: 'f3kq9Lx2VtR8mZc1bN7pQy4sWd6hJa0eUo5iGr2TnYk' },
    handler(ctx) {
      const credential = authenticate(ctx, ctx.body);
      const secret = randomSecret();
      changeCredential(ctx.account.auth, credential, { secretHash: sha256(secret) });
      revokeTokens(ctx.account.auth, credential.id);
      return reply.json({ client_secret: secret });
    },
  }),
  credentials.post('/api/v2/token/rotate-clientid', {
    ...common,
    operationId: 'rotateClientId',
    summary: 'Issue a new client id for the credential; the old one stops working, tokens stay valid.',
    response: { description: 'The new client id.', schema: RotateClientIdResponse },
    exampleResponse: { client_id: 'client-Qm3xV9rT2kLp' },
    handler(ctx) {
      const credential = authenticate(ctx, ctx.body);
      const { clientId } = changeCredential(ctx.account.auth, credential, { clientId: newClientId() });
      return reply.json({ client_id: clientId });
    },
  }),
];
