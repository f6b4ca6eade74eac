import type { Client } from '../world/clients.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

/**
 * A client as stored. PUT "writes AccountPassword as sent" without changing the password: it is
 * kept here apart from the sign-in hash, itself only as a hash, and no answer ever reads it.
 */
export type ClientRecord = Client & { AccountPassword?: string };

export const clientsOf = (world: World): readonly ClientRecord[] => world.clients;

export function findClient(world: World, id: Guid): ClientRecord | undefined {
  return clientsOf(world).find((c) => c.ClientId === id);
}
