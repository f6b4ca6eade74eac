import { z } from 'zod';
import { errors } from '../errors/errors.js';
import { type Delivery, listDeliveries, replay } from '../webhooks/deliveries.js';
import { adminGroup, named, onAccount, refused, withId } from './admin-route.js';
import { WebhookDelivery } from './admin-schemas.js';

// Control plane for webhooks (camelCase): the delivery log and replay.

const webhooks = adminGroup('Webhooks');

export const webhookDeclarations = [
  webhooks.get('/accounts/{name}/webhooks/deliveries', {
    operationId: 'listDeliveries',
    summary: 'The webhook delivery log',
    description: 'The last `--delivery-log-size` (500); payloads and secrets are never shown.',
    route: named,
    answers: { 200: { description: 'The deliveries.', schema: z.array(WebhookDelivery) }, ...onAccount },
    handler: ({ c, account }) => c.json(listDeliveries(account).map(view)),
  }),
  webhooks.post('/accounts/{name}/webhooks/deliveries/{id}/replay', {
    operationId: 'replayDelivery',
    summary: 'Send a delivery again',
    route: withId('delivery'),
    answers: {
      202: { description: 'The delivery, queued again.', schema: WebhookDelivery },
      ...onAccount,
      404: refused('No such account, or no such delivery.'),
      409: refused('The webhook of the delivery was deleted.'),
    },
    handler: async ({ c, account, route }) => {
      const id = route.id ?? '';
      const result = await account.write(() => replay(account, id.toLowerCase()));
      if (result === 'unknown') throw errors.admin(404, `no delivery '${id}'`);
      if (result === 'unsubscribed') throw errors.admin(409, `the webhook of delivery '${id}' was deleted`);
      return c.json(view(result), 202);
    },
  }),
];

/** The payload is left out: the log is for status; the receiver has the body. No secret is ever here. */
function view(d: Delivery) {
  const { payload: _payload, ...rest } = d;
  return rest;
}
