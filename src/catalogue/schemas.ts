import { z } from 'zod';

const siteId = z.uuid().nullable().describe('Owning site; null for an item available at every site.');
const money = z.number().describe('Decimal, two places.');

/** Fields every priced catalogue item shares. */
const item = { SiteId: siteId, Name: z.string(), Code: z.string(), Price: money, State: z.number().int() };

export const ServiceListSchema = z.object({
  ServiceId: z.uuid(),
  ...item,
  Category: z.string(),
  Description: z.string(),
  Duration: z.number().int().describe('Minutes.'),
  BookOnline: z.boolean(),
  PackageOnly: z.boolean().describe('Sold only as a component of packages.'),
});

export const ProductListSchema = z.object({
  ProductId: z.uuid(),
  ...item,
  Barcode: z.string(),
  Category: z.string(),
  AllowSale: z.boolean(),
  Cost: money.describe('Cost at the requested site.'),
  Quantity: z.number().describe('Quantity in stock at the requested site.'),
});

export const PackageListSchema = z.object({
  PackageId: z.uuid(),
  ...item,
  Barcode: z.string(),
  Category: z.string(),
  Services: z.array(z.object({ ServiceId: z.uuid(), Name: z.string(), Duration: z.number().int(), Sequence: z.number().int() })),
});

export const CourseListSchema = z.object({
  CourseId: z.uuid(),
  ...item,
  Category: z.string(),
  Barcode: z.string(),
  Sessions: z.number().int(),
  ExpiryDays: z.number().int(),
});

export const MembershipListSchema = z.object({
  MembershipId: z.uuid(),
  ...item,
  TermMonths: z.number().int(),
  DiscountPercent: z.number(),
});
