import { z } from 'zod';
import { answerObject, assumed, type Sources } from '../field-sources.js';
import { text } from '../records.js';
import { WEBHOOK_RULES } from './rules.js';
import { EVENT_KINDS } from './subscriptions.js';

// The register body is snake_case (the spec's exception); the answers follow it.

const httpUrl = text(2000, WEBHOOK_RULES.url).refine(
  (text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { error: 'The url must be an absolute http or https URL.', params: { rule: WEBHOOK_RULES.url } },
);

export const RegisterBodySchema = z
  .object({
    event: z.enum(EVENT_KINDS).describe('Event kind: `NewRecurringClientInvoice` or `NewRecurringSupplierInvoice`.'),
    url: httpUrl.describe('Where deliveries are POSTed (http or https).'),
    secret: text(200, WEBHOOK_RULES.url)
      .optional()
      .describe('HMAC-SHA256 signing key. Left out or empty: one is generated and answered once.'),
  })
  .meta({ id: 'WebhookRegistration' });

const webhookFields = {
  webhook_id: z.guid(),
  event: z.enum(EVENT_KINDS),
  url: z.string(),
  created_utc: z.string().describe('DateTime of registration (account clock).'),
};

const webhookSources: Sources<typeof webhookFields> = {
  webhook_id: assumed('Names the subscription, to remove it and to match the deliveries it sends.'),
  event: assumed('Says which event kind the subscription receives.'),
  url: assumed('Says where the deliveries are sent.'),
  created_utc: assumed('Says when the subscription was made.'),
};

export const WebhookSchema = answerObject('Webhook', webhookFields, webhookSources);

export const RegisteredWebhookSchema = answerObject(
  'RegisteredWebhook',
  {
    ...webhookFields,
    secret: z.string().optional().describe('Only when generated: the signing key, shown this once.'),
  },
  {
    ...webhookSources,
    secret: assumed('A receiver needs the generated signing key to check deliveries, and it is shown only here.'),
  },
);
