import type { ClientRecord } from '../../src/clients/client.js';
import type { World } from '../../src/world/index.js';
import { isLegacyHash } from '../../src/world/passwords.js';
import { activeSite, call, type DemoApi, EMPTY } from '../helpers.js';

export const all = (world: World) => world.clients as ClientRecord[];

/** An Active client of a site with an e-mail and a current (PBKDF2) password. */
export const signedUp = (world: World) =>
  all(world).find(
    (c) =>
      c.State === 1 && c.SiteId !== null && c.Email !== '' && c.PasswordHash !== null && !isLegacyHash(c.PasswordHash),
  )!;

export const legacy = (world: World) =>
  all(world).find((c) => c.State === 1 && c.Email !== '' && c.PasswordHash !== null && isLegacyHash(c.PasswordHash))!;

export const authUrl = (clientId: string, email: string, password: string) =>
  `/api/v2/clients/authenticate?${new URLSearchParams({ clientId, email, password })}`;

export const newClient = (extra: Record<string, unknown> = {}) => ({
  ClientId: EMPTY,
  FirstName: 'Jane',
  LastName: 'Smith',
  Email: 'jane.smith@example.com',
  MobilePhone: '07700 900123',
  Gender: 1,
  ...extra,
});

/** POST /clients and the new id. */
export async function create(c: DemoApi, body: unknown = newClient(), siteId = activeSite(c.world)): Promise<string> {
  const res = await call(c, `/api/v2/clients?siteId=${siteId}`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body.Value as string;
}
