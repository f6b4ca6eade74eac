import { z } from 'zod';
import { answerObject, assumed, client, type FieldSource, type Sources } from '../field-sources.js';

// The spec names the catalogue's list rows without their fields, except a product's cost and
// quantity ("per site").

const siteId = z.guid().describe('Owning site; the empty Guid for an item available at every site.');
const money = z.number().describe('Decimal, two places.');

/** Fields every priced catalogue item shares. */
const item = { SiteId: siteId, Name: z.string(), Code: z.string(), Price: money, State: z.number().int() };

const itemSources: Sources<typeof item> = {
  SiteId: assumed("Says whether the item is one site's or the whole account's, which every site lists."),
  Name: assumed("A price list or booking site shows the item's name; find matches it."),
  Code: assumed("The spec's find matches a code, so an item shows the code it is found by."),
  Price: assumed('A price list or till needs what the item sells for.'),
  State: assumed("The list's itemState filter selects on it."),
};

/** A list row of a catalogue item: its id, the fields every item shares, then its own. */
function itemRow<K extends string, S extends z.ZodRawShape>(
  name: string,
  idField: K,
  own: S,
  sources: Record<K, FieldSource> & Sources<S> & Partial<Sources<typeof item>>,
) {
  const id = { [idField]: z.guid() } as Record<K, z.ZodGUID>;
  const shape = { ...id, ...item, ...own };
  return answerObject(name, shape, { ...itemSources, ...sources } as Sources<typeof shape>);
}

const BARCODE = assumed("The spec's find matches a barcode, so an item shows the barcode a scanner finds it by.");
const SEARCHED_CATEGORY = assumed("The spec's find matches a category, so an item shows the category it is found by.");

const SITE_READS_SERVICE = client(
  'A public booking site on the real service reads ServiceId, Name and Duration from each services row (it chains ' +
    "a cart's times by Duration).",
);

export const ServiceListSchema = itemRow(
  'ServiceList',
  'ServiceId',
  {
    Category: z.string(),
    Description: z.string(),
    Duration: z.number().int().describe('Minutes.'),
    BookOnline: z.boolean(),
    PackageOnly: z.boolean().describe('Sold only as a component of packages.'),
    ServiceTypeName: z.string().describe('The type the service is listed under (its Category).'),
    SellInclusive: money.describe('Sell price including tax: the menu price, the same as Price.'),
  },
  {
    ServiceId: SITE_READS_SERVICE,
    Name: SITE_READS_SERVICE,
    Category: SEARCHED_CATEGORY,
    Description: assumed('A booking site describes the service to clients.'),
    Duration: SITE_READS_SERVICE,
    BookOnline: assumed('A booking site offers only the services that can be booked online.'),
    PackageOnly: assumed(
      'The spec hides package-only component services unless showPackageServices is set; this says which they are.',
    ),
    ServiceTypeName: client('A public booking client of the real service reads it from each services row.'),
    SellInclusive: client('A public booking client of the real service reads it from each services row.'),
  },
);

export const ProductListSchema = itemRow(
  'ProductList',
  'ProductId',
  {
    Barcode: z.string(),
    Category: z.string(),
    AllowSale: z.boolean(),
    Cost: money.describe('Cost at the requested site.'),
    Quantity: z.number().describe('Quantity in stock at the requested site.'),
  },
  {
    ProductId: assumed('Names the product on an invoice line.'),
    Barcode: BARCODE,
    Category: assumed('A till or shop groups products by it.'),
    AllowSale: assumed("The list's allowSale filter selects on it."),
    Cost: 'spec',
    Quantity: 'spec',
  },
);

export const PackageListSchema = itemRow(
  'PackageList',
  'PackageId',
  {
    Barcode: z.string(),
    Category: z.string(),
    Services: z.array(
      answerObject(
        'PackageListService',
        { ServiceId: z.guid(), Name: z.string(), Duration: z.number().int(), Sequence: z.number().int() },
        {
          ServiceId: assumed('Names a service the package holds.'),
          Name: assumed("Shows the service's name without a call for it."),
          Duration: assumed('A booking site works out how long the package takes.'),
          Sequence: assumed("The order in which the package's services are booked."),
        },
      ),
    ),
  },
  {
    PackageId: assumed('Names the package when asking for available times and booking it.'),
    Barcode: BARCODE,
    Category: assumed('A booking site groups packages by it.'),
    Services: assumed('A booking site shows what a package holds without a call per package.'),
  },
);

export const CourseListSchema = itemRow(
  'CourseList',
  'CourseId',
  {
    Category: z.string(),
    Barcode: z.string(),
    Sessions: z.number().int(),
    ExpiryDays: z.number().int(),
  },
  {
    CourseId: assumed('Names the course on an invoice line.'),
    Category: SEARCHED_CATEGORY,
    Barcode: BARCODE,
    Sessions: assumed('A till shows how many sessions a course sells.'),
    ExpiryDays: assumed('A till shows how long a course stays valid once bought.'),
  },
);

export const MembershipListSchema = itemRow(
  'MembershipList',
  'MembershipId',
  {
    TermMonths: z.number().int(),
    DiscountPercent: z.number(),
  },
  {
    MembershipId: assumed("Names the membership a client holds (the client's MembershipId)."),
    TermMonths: assumed('Says how long a membership runs.'),
    DiscountPercent: assumed('Says what a member saves.'),
  },
);
