import { z } from 'zod';

export const AddressSchema = z
  .object({
    Street: z.string(),
    City: z.string(),
    State: z.string(),
    Code: z.string(),
    Country: z.string(),
  })
  .meta({ id: 'Address' });

export const TradingHoursSchema = z
  .object({
    DayOfWeek: z.number().int().min(0).max(6).describe('0 = Sunday … 6 = Saturday'),
    Open: z.string().describe('Local time HH:mm'),
    Close: z.string().describe('Local time HH:mm'),
    Closed: z.boolean(),
  })
  .meta({ id: 'TradingHours' });

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

export const SiteListSchema = z.object(siteListFields).meta({ id: 'SiteList' });

export const SiteSchema = z
  .object({
    ...siteListFields,
    Website: z.string(),
    Address: AddressSchema,
    TradingHours: z.array(TradingHoursSchema),
  })
  .meta({ id: 'Site' });
