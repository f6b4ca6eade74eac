import type { Guid } from '../world/common.js';
import { EMPTY_GUID } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Voucher } from '../world/vouchers.js';

export const findVoucher = (world: World, id: Guid): Voucher | undefined =>
  world.vouchers.find((v) => v.VoucherId === id);

/** The empty Guid (or null) means "none": a shared voucher, no client, no source. */
export const orNull = (id: Guid | null | undefined): Guid | null => (id == null || id === EMPTY_GUID ? null : id);

/** Body text fields: null and left out both store the empty string. */
export const textOf = (value: string | null | undefined, fallback = ''): string => value ?? fallback;
