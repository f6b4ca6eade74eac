import { inSite } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { clientsOf } from './record.js';

// emailexists and mobileexists: the id of the FIRST matching client, where first is the order of
// the account's store (seeded clients in joining order, then clients created through the API in
// the order they were created), or null.

const active = { State: 1 } as const;

/** E-mail compared trimmed and case-insensitively; only Active clients with an e-mail recorded. */
export function emailOwner(world: World, siteId: Guid, email: string): Guid | null {
  const wanted = email.trim().toLowerCase();
  if (wanted === '') return null;
  const match = clientsOf(world).find(
    (c) =>
      c.State === active.State && inSite(siteId)(c) && c.Email.trim() !== '' && c.Email.trim().toLowerCase() === wanted,
  );
  return match?.ClientId ?? null;
}

/** Mobile compared as trimmed text: no normalisation of country codes, spaces or leading zeros. */
export function mobileOwner(world: World, siteId: Guid, mobile: string): Guid | null {
  const wanted = mobile.trim();
  if (wanted === '') return null;
  const match = clientsOf(world).find(
    (c) =>
      c.State === active.State && inSite(siteId)(c) && c.MobilePhone.trim() !== '' && c.MobilePhone.trim() === wanted,
  );
  return match?.ClientId ?? null;
}
