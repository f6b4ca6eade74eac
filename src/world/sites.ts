import type { Guid, ItemState } from './common.js';

export interface Address {
  Street: string;
  City: string;
  State: string;
  Code: string;
  Country: string;
}

/** Local opening hours of one weekday. DayOfWeek: 0 = Sunday … 6 = Saturday; times `HH:mm` local. */
export interface TradingHours {
  DayOfWeek: number;
  Open: string;
  Close: string;
  Closed: boolean;
}

export interface Site {
  SiteId: Guid;
  Name: string;
  State: ItemState;
  /** IANA time zone; the API itself speaks UTC. */
  TimeZone: string;
  Phone: string;
  Email: string;
  Website: string;
  Address: Address;
  TradingHours: TradingHours[];
}
