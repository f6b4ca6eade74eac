import type { SimulatorOptions } from '../../src/app.js';
import type { ClientRecord } from '../../src/clients/clients.js';
import type { World } from '../../src/world/index.js';
import { isLegacyHash } from '../../src/world/passwords.js';
import { type DemoApi, demoApi, EMPTY } from '../helpers.js';

export { EMPTY, UNKNOWN } from '../helpers.js';

// A fresh simulator per test file (or per test where a test writes), with the demo token.

export type Clients = DemoApi;
export const clients = (options: SimulatorOptions = {}): Promise<Clients> => demoApi(options);

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

export const siteOf = (world: World) => world.sites.find((s) => s.State === 1)!.SiteId;

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
export async function create(c: Clients, body: unknown = newClient(), siteId = siteOf(c.world)): Promise<string> {
  const res = await c.send(`/api/v2/clients?siteId=${siteId}`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`);
  return res.body.Value as string;
}
