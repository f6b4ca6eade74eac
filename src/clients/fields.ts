import type { ModelStateErrors } from '../http/model-state.js';
import { nextInSeries } from '../numbering.js';
import { checkSite } from '../records.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import { EMPTY_ADDRESS } from '../world/contact.js';
import type { World } from '../world/index.js';
import type { Address } from '../world/sites.js';
import type { AddressIn } from './input.js';
import { clientsOf } from './record.js';

// Checks and generated values shared by create and update.

/** A sent id that means "none": absent, null or the empty Guid. */
export const isNone = (id: Guid | null | undefined): id is null | undefined => id == null || id === EMPTY_GUID;

/** A site id for a client: none = account-wide (null); otherwise it must name a site of the account. */
export function clientSite(
  world: World,
  id: Guid | null | undefined,
  field: string,
  problems: ModelStateErrors,
): Guid | null {
  if (isNone(id)) return null;
  checkSite(world, id, field, problems);
  return id;
}

export function checkMembership(world: World, id: Guid | null | undefined, problems: ModelStateErrors): void {
  if (!isNone(id) && !world.memberships.some((m) => m.MembershipId === id)) {
    problems.add('MembershipId', `The membership '${id}' does not exist.`);
  }
}

/** `<prefix><6 digits>` following the highest number already issued, as a front desk issues codes. */
export function nextNumber(world: World, field: 'ClientCode' | 'MembershipNumber', prefix: string): string {
  return nextInSeries(
    prefix,
    clientsOf(world).map((c) => c[field]),
  );
}

/** An address as sent over a current one: sent lines overwrite, others keep their value. */
export const addressOf = (sent: AddressIn | null | undefined, current: Address = EMPTY_ADDRESS): Address => ({
  Street: sent?.Street ?? current.Street,
  City: sent?.City ?? current.City,
  State: sent?.State ?? current.State,
  Code: sent?.Code ?? current.Code,
  Country: sent?.Country ?? current.Country,
});

/** Blank passwords mean "none" (create) or "keep" (NewAccountPassword on update). */
export const givenPassword = (p: string | null | undefined): p is string => p != null && p.trim() !== '';
