import type { ModelStateErrors } from '../http/model-state.js';
import { checkSite } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { VoucherIn } from './input.js';

/**
 * Amount is authoritative; the numeric Value the creation body is also shown with is read only
 * when Amount is left out or null. Kept to the cent. null when neither is sent.
 */
export function faceValue(body: VoucherIn): number | null {
  const value = body.Amount ?? body.Value;
  return value == null ? null : fromCents(toCents(value));
}

/** A site id (null = shared) must name a site of the account. */
export function checkVoucherSite(world: World, siteId: Guid | null, field: string, problems: ModelStateErrors): void {
  if (siteId !== null) checkSite(world, siteId, field, problems);
}
