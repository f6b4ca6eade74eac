import { type Endpoint, endpointGroup } from '../http/endpoint.js';
import { routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { RegisterBodySchema, RegisteredWebhookSchema, WebhookSchema } from './schemas.js';
import { MAX_SUBSCRIPTIONS, publicView, register, subscriptionsOf, unregister } from './subscriptions.js';

const webhooks = endpointGroup('Webhooks');

const DELIVERY =
  'Deliveries: HTTP POST of `{ event, event_id, webhook_id, delivery_id, occurred_utc, data: { ' +
  'accounting_document_id, accounting_document_type_id, document_number, document_date, site_id, client_id, ' +
  'supplier_id, total, recurring_accounting_document_id, next_run_date } }`, header `X-Signature: sha256=<hex ' +
  'HMAC-SHA256 of "<X-Signature-Timestamp>.<raw body>" with the secret>`; a non-2xx answer or a network error is ' +
  'retried after 1, 2, 4, 8 s (5 attempts), an attempt ending after 10 s for its whole answer; redirects are not ' +
  'followed; each subscription receives its deliveries in order; at least once, ' +
  "so receivers de-duplicate on `X-Event-Id` (= event_id, the generated invoice's id). A delivery carries " +
  '`X-Business-Api-Sim-Delivery: 1` and never reaches the simulator itself.';

export const webhookEndpoints: Endpoint[] = [
  webhooks.post('/api/v2/webhooks', {
    operationId: 'registerWebhook',
    summary: 'Subscribe a URL to an event kind.',
    description:
      `snake_case body. The same event and url twice is a 409 \`{"Message":"A ` +
      `webhook for this event and url already exists."}\`. When no secret ` +
      `is sent one is generated and answered in \`secret\` once; it is ` +
      `never shown again. ${DELIVERY}`,
    body: {
      schema: RegisterBodySchema,
      required: true,
      description: 'The subscription: event, url, optional secret.',
    },
    response: {
      description: 'The subscription (with `secret` only when it was generated).',
      schema: RegisteredWebhookSchema,
    },
    errors: {
      400:
        `No body, an event kind other than the two named ones, a url that ` +
        `is not an absolute http(s) URL, a url naming this simulator (a local ` +
        `address or localhost name on the port it listens on), or an account already holding ` +
        `${MAX_SUBSCRIPTIONS} webhooks (model state naming the field).`,
      409: 'A webhook for this event and url already exists (`{"Message": ...}`).',
    },
    example: () => ({
      body: { event: 'NewRecurringClientInvoice', url: 'https://example.com/hooks/invoices', secret: 'change-me' },
    }),
    exampleResponse: {
      webhook_id: '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
      event: 'NewRecurringClientInvoice',
      url: 'https://example.com/hooks/invoices',
      created_utc: '2026-03-16 09:00',
    },
    handler: ({ account, body, now }) => reply.json(register(account, body, now)),
  }),
  webhooks.get('/api/v2/webhooks', {
    operationId: 'listWebhooks',
    summary: 'The subscriptions of the account, in registration order (secrets are never shown).',
    response: { description: 'Array of subscriptions.', schema: WebhookSchema.array() },
    errors: {},
    handler: ({ account }) => reply.json(subscriptionsOf(account).map(publicView)),
  }),
  webhooks.delete('/api/v2/webhooks/{webhookId}', {
    operationId: 'deleteWebhook',
    summary: 'Unsubscribe: deliveries already queued are still attempted.',
    description:
      'Answers 200 with an empty body. A webhook that does not exist is a 400 `{"Message":"Record does not ' +
      'exist."}`, as DELETE appointments answers. The route ends in a record id, so no allow-list line admits it.',
    route: { webhookId: routeGuid('The webhook_id of the subscription.') },
    response: { description: 'Removed; empty body.', contentType: 'empty' },
    errors: { 400: 'No webhook has that id (`Record does not exist.`).' },
    handler: ({ account, route }) => {
      unregister(account, route.webhookId);
      return reply.empty();
    },
  }),
];
