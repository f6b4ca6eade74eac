import { defineRules } from '../errors/rules.js';

// The rules webhook registration refuses by (errors/rules.ts says what a rule is).

export const WEBHOOK_RULES = defineRules('webhooks', {
  exists: {
    id: 'register.exists',
    text: 'Registering the same event and URL again is a 409.',
    source: 'spec',
    evidence: 'Events 1: "POST /api/v2/webhooks … returns 409 when the record already exists".',
  },
  url: {
    id: 'register.url',
    text: 'The url is an absolute http or https URL of at most 2000 characters, and the secret at most 200.',
    source: 'assumed',
    evidence: "The spec does not show the register body's fields; deliveries are HTTP POSTs to the url.",
    fixed: 'a delivery needs a URL it can POST to, and the fields are bounded (docs/bounds.md)',
  },
  ownTarget: {
    id: 'register.not-this-simulator',
    text: 'A webhook cannot target the simulator itself.',
    source: 'assumed',
    evidence: 'A delivery back into the simulator could loop; the real service is never its own subscriber.',
    fixed: 'deliveries must never reach the simulator (docs/bounds.md)',
  },
  deliveryMarker: {
    id: 'delivery.never-answered',
    text:
      "A request carrying the simulator's webhook-delivery marker header is refused with 403, on every path: a " +
      'delivery never reaches the simulator, even through a proxy or a name that resolves back to it.',
    source: 'assumed',
    evidence:
      'A delivery back into the simulator could loop or act on another account; the real service is never its ' +
      'own subscriber.',
    fixed: 'deliveries must never reach the simulator (docs/bounds.md)',
  },
  perAccount: {
    id: 'register.per-account',
    text: 'An account holds at most 100 webhooks.',
    source: 'assumed',
    evidence: 'The spec states no limit; every table a caller fills is bounded.',
    fixed: 'it bounds what one account holds (docs/bounds.md)',
  },
});
