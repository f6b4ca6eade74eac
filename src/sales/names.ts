import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

// Client and supplier names shown on list rows and searched by `find`.

export function clientName(world: World, clientId: Guid | null): string | null {
  if (clientId === null) return null;
  const c = world.clients.find((x) => x.ClientId === clientId);
  return c === undefined ? null : `${c.FirstName} ${c.LastName}`;
}

export function supplierName(world: World, supplierId: Guid | null): string | null {
  if (supplierId === null) return null;
  return world.suppliers.find((x) => x.SupplierId === supplierId)?.Name ?? null;
}

/** Texts a starts-with `find` is matched against: first name, last name, "first last", supplier name. */
export function partyTexts(world: World, clientId: Guid | null, supplierId: Guid | null): string[] {
  const out: string[] = [];
  const c = clientId === null ? undefined : world.clients.find((x) => x.ClientId === clientId);
  if (c) out.push(c.FirstName, c.LastName, `${c.FirstName} ${c.LastName}`);
  const s = supplierName(world, supplierId);
  if (s !== null) out.push(s);
  return out;
}
