import { z } from 'zod';

export const AddressSchema = z.object({
  Street: z.string(),
  City: z.string(),
  State: z.string(),
  Code: z.string(),
  Country: z.string(),
});

export const TradingHoursSchema = z.object({
  DayOfWeek: z.number().int().min(0).max(6).describe('0 = Sunday … 6 = Saturday'),
  Open: z.string().describe('Local time HH:mm'),
  Close: z.string().describe('Local time HH:mm'),
  Closed: z.boolean(),
});

export const SiteListSchema = z.object({
  SiteId: z.uuid(),
  Name: z.string(),
  State: z.number().int(),
  TimeZone: z.string(),
  Phone: z.string(),
  Email: z.string(),
});

export const SiteSchema = SiteListSchema.extend({
  Website: z.string(),
  Address: AddressSchema,
  TradingHours: z.array(TradingHoursSchema),
});
