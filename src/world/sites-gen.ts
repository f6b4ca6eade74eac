import { DAY, localToUtc, minutesOf, weekdayOf } from '../datetime.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Address, Site, TradingHours } from './sites.js';

/** Country conventions reused by clients, employees and suppliers of a site. */
export type Country = 'GB' | 'IE' | 'US' | 'AU';

interface SiteTemplate {
  locality: string;
  timeZone: string;
  country: Country;
  address: Omit<Address, 'Street'> & { street: string };
  /** Fictional-range prefix, completed with `phoneDigits` random digits. */
  phone: string;
  phoneDigits: number;
  /** Local hours per weekday, Sunday first; null = closed. */
  hours: ([string, string] | null)[];
}

const UK_HOURS: SiteTemplate['hours'] = [
  null,
  ['09:00', '18:00'],
  ['09:00', '19:00'],
  ['09:00', '19:00'],
  ['09:00', '20:00'],
  ['09:00', '19:00'],
  ['09:00', '17:00'],
];
const US_HOURS: SiteTemplate['hours'] = [
  ['11:00', '17:00'],
  null,
  ['10:00', '20:00'],
  ['10:00', '20:00'],
  ['10:00', '21:00'],
  ['10:00', '20:00'],
  ['09:00', '18:00'],
];

// Dublin sits third so that it is the one Inactive site in every size.
const TEMPLATES: SiteTemplate[] = [
  {
    locality: 'Covent Garden',
    timeZone: 'Europe/London',
    country: 'GB',
    phone: '+44 20 7946 0',
    phoneDigits: 3,
    address: {
      street: 'Floral Street',
      City: 'London',
      State: 'Greater London',
      Code: 'WC2E 9DH',
      Country: 'United Kingdom',
    },
    hours: UK_HOURS,
  },
  {
    locality: 'SoHo',
    timeZone: 'America/New_York',
    country: 'US',
    phone: '+1 212-555-01',
    phoneDigits: 2,
    address: { street: 'Greene Street', City: 'New York', State: 'NY', Code: '10012', Country: 'United States' },
    hours: US_HOURS,
  },
  {
    locality: 'Grafton Street',
    timeZone: 'Europe/Dublin',
    country: 'IE',
    phone: '+353 1 555 0',
    phoneDigits: 3,
    address: { street: 'Grafton Street', City: 'Dublin', State: 'Co. Dublin', Code: 'D02 X285', Country: 'Ireland' },
    hours: [
      null,
      ['09:30', '18:00'],
      ['09:30', '18:00'],
      ['09:30', '18:00'],
      ['09:30', '20:00'],
      ['09:30', '18:00'],
      ['09:00', '17:30'],
    ],
  },
  {
    locality: 'Spinningfields',
    timeZone: 'Europe/London',
    country: 'GB',
    phone: '+44 161 496 0',
    phoneDigits: 3,
    address: {
      street: 'Hardman Street',
      City: 'Manchester',
      State: 'Greater Manchester',
      Code: 'M3 3HF',
      Country: 'United Kingdom',
    },
    hours: [
      ['10:00', '16:00'],
      null,
      ['09:00', '19:00'],
      ['09:00', '19:00'],
      ['09:00', '20:00'],
      ['09:00', '19:00'],
      ['09:00', '17:00'],
    ],
  },
  {
    locality: 'Santa Monica',
    timeZone: 'America/Los_Angeles',
    country: 'US',
    phone: '+1 310-555-01',
    phoneDigits: 2,
    address: { street: 'Montana Avenue', City: 'Santa Monica', State: 'CA', Code: '90403', Country: 'United States' },
    hours: US_HOURS,
  },
  {
    locality: 'Surry Hills',
    timeZone: 'Australia/Sydney',
    country: 'AU',
    phone: '+61 2 5550 ',
    phoneDigits: 4,
    address: { street: 'Crown Street', City: 'Sydney', State: 'NSW', Code: '2010', Country: 'Australia' },
    hours: [
      null,
      ['09:00', '17:30'],
      ['09:00', '17:30'],
      ['09:00', '19:00'],
      ['09:00', '20:00'],
      ['09:00', '17:30'],
      ['08:30', '16:00'],
    ],
  },
];

const BRANDS = ['Serenity', 'Willow & Sage', 'Lumiere', 'Halcyon', 'The Glow Room', 'Aurora'];

/** The Inactive site closed this many days before today: it has history but no future. */
export const CLOSED_SITE_DAYS_AGO = 14;

export const INACTIVE_SITE_INDEX = 2;

export interface SiteInfo {
  site: Site;
  country: Country;
  /** First UTC day (midnight) with no activity, or null when the site trades on. */
  closedFrom: number | null;
}

export function generateSites(ctx: GenContext): SiteInfo[] {
  const rng = rngFor(ctx, 'sites');
  const brand = rng.pick(BRANDS);
  const slug = brand.toLowerCase().replace(/[^a-z]+/g, '');
  return TEMPLATES.slice(0, ctx.profile.sites).map((t, index) => {
    const inactive = index === INACTIVE_SITE_INDEX;
    const tradingHours: TradingHours[] = t.hours.map((h, day) => ({
      DayOfWeek: day,
      Open: h ? h[0] : '00:00',
      Close: h ? h[1] : '00:00',
      Closed: h === null,
    }));
    const { street, ...rest } = t.address;
    const site: Site = {
      SiteId: rng.uuid(),
      Name: `${brand} ${t.locality}`,
      State: inactive ? 2 : 1,
      TimeZone: t.timeZone,
      Phone: t.phone + rng.digits(t.phoneDigits),
      Email: `${t.locality.toLowerCase().replace(/[^a-z]+/g, '')}@${slug}.com`,
      Website: `https://www.${slug}.com/${t.locality.toLowerCase().replace(/[^a-z]+/g, '-')}`,
      Address: { Street: `${rng.int(2, 180)} ${street}`, ...rest },
      TradingHours: tradingHours,
    };
    return { site, country: t.country, closedFrom: inactive ? ctx.today - CLOSED_SITE_DAYS_AGO * DAY : null };
  });
}

const windows = new Map<string, { open: number; close: number }>();

/** A site's opening hours on one local date, as UTC instants; null when closed that weekday. */
export function tradingWindow(site: Site, localDay: number): { open: number; close: number } | null {
  const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(localDay));
  if (!hours || hours.Closed) return null;
  // Keyed on the hours themselves, so a site whose hours are edited later is not served stale.
  const key = `${site.TimeZone}|${localDay}|${hours.Open}|${hours.Close}`;
  let window = windows.get(key);
  if (!window) {
    window = {
      open: localToUtc(site.TimeZone, localDay, minutesOf(hours.Open)),
      close: localToUtc(site.TimeZone, localDay, minutesOf(hours.Close)),
    };
    windows.set(key, window);
  }
  return window;
}
