import { z } from 'zod';
import { answerObject, assumed, client, type Sources, sameAsRecord } from '../field-sources.js';

// The spec: "Site (address, contact details, trading hours, time zone)", and SiteList without its
// fields. A public booking site on the real service reads site.Country from the list's rows.

export const AddressSchema = answerObject(
  'Address',
  { Street: z.string(), City: z.string(), State: z.string(), Code: z.string(), Country: z.string() },
  { Street: 'spec', City: 'spec', State: 'spec', Code: 'spec', Country: 'spec' },
);

const HOURS = assumed("The spec says a site carries its trading hours; how one day's hours are written is assumed.");

export const TradingHoursSchema = answerObject(
  'TradingHours',
  {
    DayOfWeek: z.number().int().min(0).max(6).describe('0 = Sunday … 6 = Saturday'),
    Open: z.string().describe('Local time HH:mm'),
    Close: z.string().describe('Local time HH:mm'),
    Closed: z.boolean(),
  },
  { DayOfWeek: HOURS, Open: HOURS, Close: HOURS, Closed: HOURS },
);

const siteListFields = {
  SiteId: z.guid(),
  Name: z.string(),
  State: z.number().int().describe('Active = 1, Inactive = 2'),
  TimeZone: z.string().describe('IANA time zone of the site; the API itself speaks UTC.'),
  Phone: z.string(),
  Email: z.string(),
  Street: z.string().describe("The site's street address (Address.Street)."),
  City: z.string().describe("The site's city (Address.City)."),
  Code: z.string().describe("The site's postal code (Address.Code)."),
  Country: z.string().describe("The site's country (Address.Country)."),
};

const CONTACT = assumed('The spec says a site carries its contact details; the field names are assumed.');
const NAME = assumed('A client shows each branch by its name.');
const FLAT_ADDRESS = assumed(
  "The site's address at the top level, beside the Country a real client reads from list rows.",
);

const siteSources: Sources<typeof siteListFields> = {
  SiteId: 'spec',
  Name: NAME,
  State: 'spec',
  TimeZone: 'spec',
  Phone: CONTACT,
  Email: CONTACT,
  Street: FLAT_ADDRESS,
  City: FLAT_ADDRESS,
  Code: FLAT_ADDRESS,
  Country: FLAT_ADDRESS,
};

const row = sameAsRecord('SiteList', 'Site');

export const SiteListSchema = answerObject('SiteList', siteListFields, {
  SiteId: 'spec',
  Name: NAME,
  State: 'spec',
  TimeZone: row,
  Phone: row,
  Email: row,
  Street: FLAT_ADDRESS,
  City: FLAT_ADDRESS,
  Code: FLAT_ADDRESS,
  Country: client('A public booking site on the real service reads site.Country from these rows for its sign-up form.'),
});

export const SiteSchema = answerObject(
  'Site',
  { ...siteListFields, Website: z.string(), Address: AddressSchema, TradingHours: z.array(TradingHoursSchema) },
  { ...siteSources, Website: CONTACT, Address: 'spec', TradingHours: 'spec' },
);
