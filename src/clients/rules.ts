import { defineRules } from '../errors/rules.js';

// The rules the client endpoints refuse by (errors/rules.ts says what a rule is).

export const CLIENT_RULES = defineRules('clients', {
  historyRange: {
    id: 'appointmenthistory.range-730-days',
    text: 'GET clients/appointmenthistory covers at most 730 days: 400 `Maximum date range is 730 days` beyond.',
    source: 'spec',
    evidence:
      'GET /api/v2/clients/appointmenthistory: "Range at most 730 days, else 400 with `Maximum date range is 730 ' +
      'days`".',
  },
  signIn: {
    id: 'authenticate.sign-in',
    text:
      'GET clients/authenticate answers 401 with an empty body unless the Active client named by clientId and email ' +
      'together has that password; the cause is not told.',
    source: 'spec',
    evidence: 'GET /api/v2/clients/authenticate: "401 empty body = any failure (… not distinguished …)".',
  },
  names: {
    id: 'create.names',
    text: 'A FirstName or LastName sent on create or update is not blank (on create both must be sent).',
    source: 'assumed',
    evidence: 'The spec lists FirstName and LastName on the Client without saying whether they may be left out.',
  },
  noteExists: {
    id: 'write.note-exists',
    text: 'A ClientNote sent with ObjectState 2 (update) or 3 (delete) must name a note of the client.',
    source: 'assumed',
    evidence:
      'The spec gives ClientNote an ObjectState (Updated = 2, Deleted = 3) without saying what a missing note answers.',
    fixed: 'there is no note to change',
  },
});
