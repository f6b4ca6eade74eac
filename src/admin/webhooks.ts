import type { Context, Hono } from 'hono';
import type { Account } from '../accounts/account.js';
import { errors } from '../http/errors.js';
import { type Delivery, listDeliveries, replay } from '../webhooks/deliveries.js';

// Control plane for webhooks (camelCase): the delivery log and replay. Also runs the recurring
// invoice catch-up right after a clock move, so events go out without waiting for an API call.
// Registered before the other admin routes, because the clock hook is a middleware around them.

export function webhookAdminRoutes(admin: Hono, accountOf: (c: Context) => Promise<Account>): void {
  admin.use('/accounts/:name/clock', async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.res.status === 200) {
      const account = await accountOf(c);
      // The move itself is kept; a catch-up that cannot be saved is done again by the next request.
      await account.catchUp(account.clock.now()).catch((error: unknown) => console.error(error));
    }
  });

  admin.get('/accounts/:name/webhooks/deliveries', async (c) => c.json(listDeliveries(await accountOf(c)).map(view)));

  admin.post('/accounts/:name/webhooks/deliveries/:id/replay', async (c) => {
    const account = await accountOf(c);
    const id = c.req.param('id') ?? '';
    const result = await account.write(() => replay(account, id.toLowerCase()));
    if (result === 'unknown') throw errors.admin(404, `no delivery '${id}'`);
    if (result === 'unsubscribed') throw errors.admin(409, `the webhook of delivery '${id}' was deleted`);
    return c.json(view(result), 202);
  });
}

/** The payload is left out: the log is for status; the receiver has the body. No secret is ever here. */
function view(d: Delivery) {
  const { payload: _payload, ...rest } = d;
  return rest;
}
