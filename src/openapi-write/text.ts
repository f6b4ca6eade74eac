// Prose of the document: what a client author needs to know before the first call.

export const INFO_DESCRIPTION = `REST API over one business account: sites, catalogue, diary, clients, classes, sales.

- **Account**: resolved from the host (\`https://<account>.<host>\`). The simulator also serves any account under
  \`/accounts/<name>\`.
- **Authentication**: \`POST /api/v2/token\` with \`{clientId, secret}\`, then \`Authorization: Bearer <token>\` on
  every other call. Tokens last six months; refresh and rotate-secret revoke every earlier token at once. Failures are
  \`403\` with a plain-text reason.
- **Required-by-name parameters**: every query parameter marked required must be in the URL by name, with an empty
  value when no filtering is wanted. Leave one out and no action matches: \`404\`, or \`405\` where the same path also
  serves another method. For a Guid, an empty value and the empty Guid \`00000000-0000-0000-0000-000000000000\` bind
  alike: where an empty value means "every state", "every client" or "anonymous", so does the empty Guid.
- **Values**: JSON fields are PascalCase (the credential endpoints use camelCase bodies and snake_case answers).
  DateTime is UTC \`yyyy-MM-dd HH:mm\` (a date alone is midnight). Enumerations accept the name or the number; \`All\`
  (0) matches nothing and answers an empty list. Array parameters repeat the name once per value
  (\`services[0]=a&services[1]=b\` binds the same way).
- **Names and unknowns**: paths and query names match case-insensitively and a trailing slash is accepted; unknown
  query names and unknown body fields are ignored (\`__proto__\`, \`constructor\` and \`prototype\` too, never stored);
  \`find\` is compared as plain text, never as a pattern. Body field names match case-insensitively too (of names
  that differ only by case, the last one sent wins), and \`null\` means "no value": an optional field sent as null is
  left out, a required one is missing (unless the field gives null a meaning of its own, such as clearing a value on
  an update).
- **Guids in answers are never null**: a Guid field with no value (an account-wide record's \`SiteId\`, a client
  without a membership's \`MembershipId\`, a service booked outside a package's \`PackageId\`) is the empty Guid
  \`00000000-0000-0000-0000-000000000000\`. Only a whole answer may be \`null\` (emailexists, a GET by an unknown id).
- **Bad input**: a malformed id in a route is a \`404\` (the route does not match). A malformed query value or body
  is a \`400\` naming the field: \`{"Message":"The request is invalid.","ModelState":{"siteId":["The value 'x' is not
  valid for Guid."]}}\`. Bodies are at most 1 MiB (larger: \`413\`) and nest at most 64 levels, and are read only
  as \`Content-Type: application/json\` (or \`text/json\`): any other type, or none, is a \`415\`.
- **Rate limit**: 4 requests per second per endpoint per calling address, in a fixed window opened by the first
  request. Going over locks that endpoint out for 120 seconds: every call in that time answers \`429\` with a JSON
  string body.
- **Version 1** (deprecated): the same actions under \`/api/\` without \`v2\` (class bookings at
  \`/api/classbookings\`), authenticated by the \`ServiceApiKey\` header holding an API key instead of a bearer token
  (a key may be limited to an address range, checked as a credential's IP allow-list),
  8 requests per second per endpoint per address, and ItemState, ClassType and EntryType query parameters as numbers
  only. Both versions read and write the same account data.
- **Credential restrictions**: an endpoint allow-list is a suffix test on the called path (\`x-allow-list-line\` on
  each operation is the line that admits it; routes ending in a record id cannot be listed); an IP allow-list is a
  substring test of the caller's address against the stored list.`;

export const TAGS: Record<string, string> = {
  Connectivity: 'Check the connection and the token.',
  Credentials: 'Exchange the client id and secret for tokens; refresh and rotate. No bearer token; snake_case answers.',
  Sites: 'The branches of the account. Account-wide: no siteId.',
  Catalogue:
    'Services, products, packages, courses and memberships on the price list. Items with no site belong to every ' +
    'site and are returned for every siteId.',
  Appointments:
    'The diary: list, read, book, update, move between states and remove appointments; the appointment states. ' +
    'Booking does not check availability: validate the cart first.',
  Employees: 'Staff of a site and their rosters (working time and time off, optionally the classes they teach).',
  'Time records': 'Clock-in and clock-out records of the staff.',
  'Client custom forms': 'Forms clients filled in (consultations, consents, patch tests) with their answers.',
  Clients: 'Clients and their history.',
  'Version 1':
    'Deprecated routes without the `v2` segment, kept until version 1 is retired. The `ServiceApiKey` header ' +
    'instead of a bearer token; 8 requests per second; enumerated query parameters are numbers (Byte). Same data ' +
    'as version 2.',
};
