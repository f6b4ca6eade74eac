import type { Context, Hono } from 'hono';
import type { Account } from '../accounts/account.js';
import { type ApiKey, addApiKey, removeApiKey } from '../auth/credentials.js';
import { errors } from '../http/errors.js';
import { bodyOf } from './json-body.js';
import { CreateApiKeyBody } from './schemas.js';

// Control plane for version 1 API keys (camelCase). A key is shown once, when issued; listings
// show only its id, state, IP allow-list and creation time, since only the hash is kept.

export function apiKeyAdminRoutes(admin: Hono, accountOf: (c: Context) => Promise<Account>): void {
  admin.post('/accounts/:name/apikeys', async (c) => {
    const account = await accountOf(c);
    const body = await bodyOf(c, CreateApiKeyBody);
    const { key } = await account.write(() => addApiKey(account.auth, body, account.clock.now()));
    return c.json({ apiKey: key }, 201);
  });

  admin.get('/accounts/:name/apikeys', async (c) => c.json((await accountOf(c)).auth.apiKeys.map(view)));

  admin.delete('/accounts/:name/apikeys/:id', async (c) => {
    const account = await accountOf(c);
    const id = c.req.param('id') ?? '';
    if (!(await account.write(() => removeApiKey(account.auth, id)))) throw errors.admin(404, `no API key '${id}'`);
    return c.body(null, 204);
  });
}

function view(k: ApiKey) {
  return { id: k.id, active: k.active, ips: k.ips ?? '', createdAt: new Date(k.createdAt).toISOString() };
}
