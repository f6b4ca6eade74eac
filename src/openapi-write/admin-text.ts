// Prose of the control plane's document (openapi/admin.json).

export const ADMIN_DESCRIPTION = `The simulator's own API under \`/__admin\`: accounts, scenarios, credentials, the
clock, the request journal, webhook deliveries and fault rules. It is not part of the simulated
Business API, which is described by \`/openapi.json\`.

- **Values**: JSON with camelCase fields, the same on every host (\`acme.localhost\` too). Times are ISO 8601 UTC.
- **Access**: on a loopback address (the default) no credential is needed, but the Host must be local (127.0.0.0/8,
  [::1], \`localhost\`, \`*.localhost\`). A simulator bound beyond loopback must be given an admin token, and then every
  call but the health probe and this document needs \`Authorization: Bearer <admin token>\` (401 otherwise).
- **Writes** (POST, PUT, PATCH, DELETE) from a web page of another origin are refused (403), and a body must be sent as
  \`Content-Type: application/json\` (415 otherwise).
- **Errors**: every refusal is \`{"error": "<what and why>"}\`; a route that does not exist answers 404.
- **Accounts**: a route on a named account resolves it first; a write (POST, PUT, PATCH, DELETE) creates an unknown
  but valid name, as first use on the API does, unless the simulator runs with \`--no-auto-accounts\`; a read (GET)
  never creates one (but the default account) and answers 404.`;

export const ADMIN_TAGS: Record<string, string> = {
  Process: 'Health, memory and this document.',
  Accounts: 'Create (by name too), list, change, reset, delete, snapshot and restore isolated accounts.',
  Scenarios: 'Shipped scenarios, and rebuilding an account from one.',
  Credentials: 'Extra API credentials (version 2) and API keys (version 1) of an account.',
  Clock: "The account's virtual clock: read it, set it, move it.",
  Journal: 'The calls an account received, for assertions in tests.',
  Webhooks: 'The webhook delivery log and replay.',
  Faults: 'Rules that make API calls slow, fail, drop or truncate.',
};
