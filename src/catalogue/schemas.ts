import { z } from 'zod';

const siteId = z.guid().describe('Owning site; the empty Guid for an item available at every site.');
const money = z.number().describe('Decimal, two places.');

/** Fields every priced catalogue item shares. */
const item = { SiteId: siteId, Name: z.string(), Code: z.string(), Price: money, State: z.number().int() };

/** A list row of a catalogue item: its id, the fields every item shares, then its own. */
function itemRow<K extends string, S extends z.ZodRawShape>(name: string, idField: K, own: S) {
  const id = { [idField]: z.guid() } as Record<K, z.ZodGUID>;
  return z.object({ ...id, ...item, ...own }).meta({ id: name });
}

export const ServiceListSchema = itemRow('ServiceList', 'ServiceId', {
  Category: z.string(),
  Description: z.string(),
  Duration: z.number().int().describe('Minutes.'),
  BookOnline: z.boolean(),
  PackageOnly: z.boolean().describe('Sold only as a component of packages.'),
  ServiceTypeName: z.string().describe('The type the service is listed under (its Category).'),
  SellInclusive: money.describe('Sell price including tax: the menu price, the same as Price.'),
});

export const ProductListSchema = itemRow('ProductList', 'ProductId', {
  Barcode: z.string(),
  Category: z.string(),
  AllowSale: z.boolean(),
  Cost: money.describe('Cost at the requested site.'),
  Quantity: z.number().describe('Quantity in stock at the requested site.'),
});

export const PackageListSchema = itemRow('PackageList', 'PackageId', {
  Barcode: z.string(),
  Category: z.string(),
  Services: z.array(
    z.object({ ServiceId: z.guid(), Name: z.string(), Duration: z.number().int(), Sequence: z.number().int() }),
  ),
});

export const CourseListSchema = itemRow('CourseList', 'CourseId', {
  Category: z.string(),
  Barcode: z.string(),
  Sessions: z.number().int(),
  ExpiryDays: z.number().int(),
});

export const MembershipListSchema = itemRow('MembershipList', 'MembershipId', {
  TermMonths: z.number().int(),
  DiscountPercent: z.number(),
});
