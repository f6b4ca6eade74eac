import type { Guid, ItemState, SiteScoped } from './common.js';

// Money is a decimal with two places, held as a JS number rounded to cents.

export interface Service extends SiteScoped {
  ServiceId: Guid;
  Name: string;
  Code: string;
  Category: string;
  Description: string;
  /** Minutes. */
  Duration: number;
  Price: number;
  State: ItemState;
  /** Component of packages only: hidden from GET services unless showPackageServices=true. */
  PackageOnly: boolean;
  BookOnline: boolean;
  /** Resources (rooms, equipment) the service occupies while it runs. */
  ResourceIds: Guid[];
}

/** Cost and quantity are held per site. */
export interface ProductStock {
  SiteId: Guid;
  Cost: number;
  Quantity: number;
}

export interface Product extends SiteScoped {
  ProductId: Guid;
  Name: string;
  Code: string;
  Barcode: string;
  Category: string;
  Price: number;
  /** Flagged for sale: GET products splits on this flag (allowSale). */
  AllowSale: boolean;
  State: ItemState;
  Stock: ProductStock[];
}

export interface PackageService {
  ServiceId: Guid;
  /** Order within the package, from 1. */
  Sequence: number;
}

export interface Package extends SiteScoped {
  PackageId: Guid;
  Name: string;
  Code: string;
  Barcode: string;
  Category: string;
  Price: number;
  State: ItemState;
  Services: PackageService[];
}

export interface Course extends SiteScoped {
  CourseId: Guid;
  Name: string;
  Code: string;
  Category: string;
  Barcode: string;
  Price: number;
  /** Number of sessions the course entitles to. */
  Sessions: number;
  /** Days the course is valid after purchase. */
  ExpiryDays: number;
  ServiceIds: Guid[];
  State: ItemState;
}

export interface Membership extends SiteScoped {
  MembershipId: Guid;
  Name: string;
  Code: string;
  Price: number;
  /** Months one term lasts. */
  TermMonths: number;
  /** Percentage discount members receive on services. */
  DiscountPercent: number;
  State: ItemState;
}

/** A room or piece of equipment that a service occupies. */
export interface Resource extends SiteScoped {
  ResourceId: Guid;
  Name: string;
  State: ItemState;
}
