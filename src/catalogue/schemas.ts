import { z } from 'zod';

const siteId = z.guid().nullable().describe('Owning site; null for an item available at every site.');
const money = z.number().describe('Decimal, two places.');

/** Fields every priced catalogue item shares. */
const item = { SiteId: siteId, Name: z.string(), Code: z.string(), Price: money, State: z.number().int() };

export const ServiceListSchema = z
  .object({
    ServiceId: z.guid(),
    ...item,
    Category: z.string(),
    Description: z.string(),
    Duration: z.number().int().describe('Minutes.'),
    BookOnline: z.boolean(),
    PackageOnly: z.boolean().describe('Sold only as a component of packages.'),
  })
  .meta({ id: 'ServiceList' });

export const ProductListSchema = z
  .object({
    ProductId: z.guid(),
    ...item,
    Barcode: z.string(),
    Category: z.string(),
    AllowSale: z.boolean(),
    Cost: money.describe('Cost at the requested site.'),
    Quantity: z.number().describe('Quantity in stock at the requested site.'),
  })
  .meta({ id: 'ProductList' });

export const PackageListSchema = z
  .object({
    PackageId: z.guid(),
    ...item,
    Barcode: z.string(),
    Category: z.string(),
    Services: z.array(
      z.object({ ServiceId: z.guid(), Name: z.string(), Duration: z.number().int(), Sequence: z.number().int() }),
    ),
  })
  .meta({ id: 'PackageList' });

export const CourseListSchema = z
  .object({
    CourseId: z.guid(),
    ...item,
    Category: z.string(),
    Barcode: z.string(),
    Sessions: z.number().int(),
    ExpiryDays: z.number().int(),
  })
  .meta({ id: 'CourseList' });

export const MembershipListSchema = z
  .object({
    MembershipId: z.guid(),
    ...item,
    TermMonths: z.number().int(),
    DiscountPercent: z.number(),
  })
  .meta({ id: 'MembershipList' });
