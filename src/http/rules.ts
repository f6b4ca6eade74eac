import { MODEL_BINDING } from '../errors/body-rules.js';
import { defineRules } from '../errors/rules.js';

// The rules every endpoint shares: routing, the credential, throttling and query values (those of
// bodies are errors/body-rules.ts). Each area's own rules are in its `rules.ts`.

export const ROUTING_RULES = defineRules('routing', {
  noRoute: {
    id: 'no-route',
    text: 'A path that no endpoint serves, or a route id that is not a well-formed Guid, matches no action: 404.',
    source: 'spec',
    evidence: 'Shared rule 6 and Errors: "404: no action matched …, or a malformed id in a route".',
  },
  requiredName: {
    id: 'required-name',
    text:
      'Every query parameter an endpoint marks required must be in the URL by name, even empty; without it no ' +
      'action matches: 404 on a path with one action.',
    source: 'spec',
    evidence:
      'Shared rule 1: "A request that omits one matches no action … 404 when the path has only the one action".',
  },
  requiredNameOtherMethod: {
    id: 'required-name-other-method',
    text:
      'A request that matches no action on a path another method serves (a method it does not serve, or a ' +
      'required name missing) is a 405 naming the methods in Allow.',
    source: 'spec',
    evidence: 'Shared rule 1: "The answer is 405 when another method is registered on the same path".',
  },
  accountElsewhere: {
    id: 'account-on-another-node',
    text:
      'In a fleet, a node asked for an account another node holds answers 421 naming both, instead of creating ' +
      'the account empty.',
    source: 'assumed',
    evidence:
      'The real service resolves each account from its host; a simulator fleet routes by name, and a ' +
      'request that reached the wrong node must not find an empty account (docs/fleet.md).',
    fixed: 'an account lives on one node',
  },
  accountNameCanonical: {
    id: 'account-name-canonical',
    text:
      'A request names its account in one form: `/accounts/<name>/…` (or `/__admin/accounts/<name>`, ' +
      '`/__admin/console/accounts/<name>`) with no `.` or `..` segment in its path, no empty segment and no ' +
      'percent-encoding up to the name, the name in lower case, and a Host whose first label names the ' +
      'account in lower case; any other spelling is a 400 and creates nothing.',
    source: 'assumed',
    evidence:
      "A fleet's proxy hashes the name as it reads it in the path, a node as its URL parser and router " +
      'resolve it: spelt two ways, one name could be created on two nodes (docs/fleet.md, "One spelling per name").',
    fixed: 'an account lives on one node, under one spelling',
  },
});

export const AUTH_RULES = defineRules('auth', {
  noBearer: {
    id: 'no-bearer-token',
    text: 'A business endpoint needs `Authorization: Bearer <token>`: 403 `Unauthorized - No bearer token sent …`.',
    source: 'spec',
    evidence: 'Errors, 403 table: "Authorization header missing or empty".',
  },
  invalidToken: {
    id: 'invalid-token',
    text: 'A token that is unknown, revoked by refresh or rotate, or expired: 403 `… Invalid or expired token.`.',
    source: 'spec',
    evidence: 'Errors, 403 table; Authentication 2 and 3 (six months; refresh and rotate-secret revoke).',
  },
  credentialCheck: {
    id: 'credential-check-failed',
    text: 'A token whose credential is inactive or gone: 403 with the bare body `Unauthorized`.',
    source: 'spec',
    evidence: 'Errors, 403 table: "`Unauthorized`: no reason; the credential check itself failed".',
  },
  ipAllowList: {
    id: 'ip-allow-list',
    text: "A credential's IP allow-list admits an address that contains one of its entries; others get 403.",
    source: 'spec',
    evidence: 'Authentication 4: "matched as a substring of the stored list"; Errors: `Invalid client IP address.`',
  },
  endpointAllowList: {
    id: 'endpoint-allow-list',
    text:
      "A credential's endpoint allow-list admits a path ending with one of its lines; a route ending in a record " +
      'id is never admitted by a non-empty list: 403 `… Invalid end-point.`.',
    source: 'spec',
    evidence: 'Authentication 4 and 5; Errors, 403 table.',
  },
  apiKey: {
    id: 'version-1-api-key',
    text:
      'Version 1 needs an active API key in its key header (`ServiceApiKey`, or `ChiDeskApiKey` as the ' +
      'vendor names it); missing, empty, unknown or inactive: 403 `Unauthorized`.',
    source: 'spec',
    evidence:
      'Versioning 3: "a custom header named ServiceApiKey holding a generated API key"; the vendor\'s article ' +
      '"API Keys" names the header ChiDeskApiKey.',
  },
  clientCredential: {
    id: 'client-credential',
    text:
      'The credential endpoints refuse a wrong client id or secret, or an inactive credential: 401 ' +
      '`invalid_client`.',
    source: 'spec',
    evidence: 'Token and credential endpoints table: "401 invalid_client: wrong client id or secret, or inactive".',
  },
  credentialBody: {
    id: 'credential-body',
    text: 'The credential endpoints refuse no body or unreadable JSON: 400 `invalid_request`.',
    source: 'spec',
    evidence: 'Token and credential endpoints table: "400 invalid_request: no body or unreadable JSON".',
  },
});

export const THROTTLE_RULES = defineRules('throttle', {
  rate: {
    id: 'rate-limit',
    text:
      'More than 4 requests in a second to one endpoint from one address (8 on version 1) locks that caller out of ' +
      'the endpoint for 120 s: 429 with a JSON string body.',
    source: 'spec',
    evidence: 'Limits: "4 requests per 1 second … Lockout after exceeding: 120 seconds"; Versioning 3 for 8.',
  },
});

export const QUERY_RULES = defineRules('query', {
  valueNotValid: {
    id: 'value-not-valid',
    text:
      "A query value that does not convert to the parameter's type (a malformed Guid, DateTime, Boolean, number or " +
      'enumeration name) is a 400 model-state error naming the parameter; relaxed, it is read as empty.',
    source: 'convention',
    evidence: MODEL_BINDING,
  },
  valueRequired: {
    id: 'value-required',
    text: 'A parameter that needs a value (a date, a number) sent with an empty one is a 400 `A value is required.`',
    source: 'convention',
    evidence: 'ASP.NET Web API model binding of an empty value to a non-nullable type, in its own sentence.',
    fixed: 'the endpoint cannot answer without the value',
  },
});
