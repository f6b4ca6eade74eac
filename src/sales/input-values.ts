import { z } from 'zod';
import { EMPTY_GUID } from '../world/common.js';

// Value types shared by the document and entry bodies.

/** A decimal amount with at most two places, so sums in cents never drift. */
export const amount = z
  .number({ error: 'The value is not a valid Decimal.' })
  .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'At most two decimal places.',
  })
  .refine((n) => Math.abs(n) < 1e12, { error: 'The value is out of range.' });

export const notNegative = amount.refine((n) => n >= 0, { error: 'The value must not be negative.' });

/** A Guid that may be sent as null, '' or the empty Guid for "none" (null); left out stays undefined. */
export const optionalGuid = z
  .union([z.guid(), z.literal(''), z.null()])
  .optional()
  .transform((v) =>
    v === undefined ? undefined : v === null || v === '' || v.toLowerCase() === EMPTY_GUID ? null : v.toLowerCase(),
  );
