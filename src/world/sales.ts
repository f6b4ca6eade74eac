import type { DateTimeText, Guid, ItemState } from './common.js';
import { EMPTY_GUID } from './common.js';
import { AddressMaker, slug } from './contact.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { StaffPlan } from './employees.js';
import type { Rng } from './seeded-faker.js';
import type { Address } from './sites.js';
import type { SiteInfo } from './sites-gen.js';

// Record types of the sales area and its reference lists; documents and entries are generated
// in sales-documents.ts and sales-entries.ts.

export interface Supplier {
  SupplierId: Guid;
  Name: string;
  ContactName: string;
  Email: string;
  Phone: string;
  Address: Address;
  State: ItemState;
}

export interface PaymentType {
  PaymentTypeId: Guid;
  Name: string;
  State: ItemState;
}

export interface CashDrawer {
  CashDrawerId: Guid;
  SiteId: Guid;
  Name: string;
  State: ItemState;
}

import { DIRECT_DEBIT, type DocumentTypeId, type EntryTypeId } from './sales-codes.js';

export { DocumentType, type DocumentTypeId, EntryType, type EntryTypeId } from './sales-codes.js';

/** Total = Quantity × Price − Discount; Discount is an amount, not a percentage. */
export interface AccountingDocumentLineItem {
  AccountingDocumentLineItemId: Guid;
  Description: string;
  Quantity: number;
  Price: number;
  Discount: number;
  Total: number;
  ServiceId: Guid | null;
  ProductId: Guid | null;
  PackageId: Guid | null;
  /** Employee credited with the sale. */
  EmployeeId: Guid | null;
}

/** Amounts are positive whatever the type: a credit note's Total is the amount credited. */
export interface AccountingDocument {
  AccountingDocumentId: Guid;
  AccountingDocumentTypeId: DocumentTypeId;
  DocumentNumber: string;
  SiteId: Guid;
  ClientId: Guid | null;
  SupplierId: Guid | null;
  DocumentDate: DateTimeText;
  DueDate: DateTimeText;
  Reference: string;
  /**
   * Credit note → invoice, goods received → order,
   * supplier invoice → goods received, debit note → supplier invoice.
   */
  LinkedAccountingDocumentId: Guid | null;
  /** Receiving site of a stock transfer (SiteId is the sending one). */
  TransferSiteId: Guid | null;
  /** Recurring invoices only. */
  RecurrenceIntervalMonths: number | null;
  NextRunDate: DateTimeText | null;
  AccountingDocumentLineItems: AccountingDocumentLineItem[];
  /** Sum of the line totals. */
  Total: number;
}

export interface AccountingEntryGratuity {
  AccountingEntryId: Guid;
  EmployeeId: Guid;
}

/**
 * A receipt or payment. Total is the amount allocated to the document; AmountDue is what the
 * document still owed before this entry; Received = Total + Gratuity + Change.
 */
export interface AccountingEntry {
  AccountingEntryId: Guid;
  SiteId: Guid;
  ClientId: Guid | null;
  SupplierId: Guid | null;
  EntryNumber: string;
  Reference: string;
  Description: string;
  EntryDate: DateTimeText;
  AccountingEntryTypeId: EntryTypeId;
  AccountingDocumentId: Guid | null;
  AmountDue: number;
  Received: number;
  Gratuity: number;
  Change: number;
  Total: number;
  PaymentTypeId: Guid;
  /** Set on voucher redemptions. */
  VoucherId: Guid | null;
  UserId: Guid;
  CashDrawerId: Guid;
  Gratuities: AccountingEntryGratuity[];
}

// Small worlds take the first six, which still cover stock, linen and rent.
const SUPPLIERS: [string, string[]][] = [
  ['Aurelia Professional Ltd', ['Hair Care', 'Professional']],
  ['Maison Verde Skincare', ['Skin Care']],
  ['NailPro Distribution', ['Nail Care']],
  ['Pure Linen Services', []],
  ['Cityscape Property Management', []],
  ['Salon Supplies Direct', ['Professional']],
  ['Luma Wellness Oils', ['Body', 'Gifts']],
  ['ClinicSource Medical', ['Professional', 'Skin Care']],
];

const PAYMENT_TYPE_NAMES = ['Cash', 'Card', 'Voucher', 'Gift Card', 'Bank Transfer', 'Cheque'] as const;
export type PaymentTypeName = (typeof PAYMENT_TYPE_NAMES)[number] | typeof DIRECT_DEBIT;

export interface SalesReference {
  suppliers: Supplier[];
  /** Product categories each supplier delivers. */
  supplies: Map<Guid, string[]>;
  paymentTypes: PaymentType[];
  cashDrawers: CashDrawer[];
}

export function generateSalesReference(ctx: GenContext, sites: SiteInfo[]): SalesReference {
  const rng = rngFor(ctx, 'sales-reference');
  const flagship = sites[0] as SiteInfo;
  const addresses = new AddressMaker(rng);
  const supplies = new Map<Guid, string[]>();
  const count = ctx.size === 'small' ? 6 : SUPPLIERS.length;
  const suppliers = SUPPLIERS.slice(0, count).map(([Name, categories], i): Supplier => {
    const SupplierId = rng.uuid();
    supplies.set(SupplierId, categories);
    return {
      SupplierId,
      Name,
      ContactName: rng.fullName(),
      Email: `accounts@${slug(Name)}.com`,
      Phone: flagship.site.Phone.replace(/\d{3}$/, rng.digits(3)),
      Address: addresses.make(flagship.country, flagship.site.Address),
      State: i === count - 1 && ctx.size !== 'small' ? 2 : 1,
    };
  });
  const paymentTypes = PAYMENT_TYPE_NAMES.map(
    (Name): PaymentType => ({
      PaymentTypeId: rng.uuid(),
      Name,
      State: Name === 'Cheque' ? 2 : 1,
    }),
  );
  const cashDrawers = sites.flatMap(({ site }, i) => {
    const names = i === 0 && ctx.size !== 'small' ? ['Front Desk', 'Retail Counter'] : ['Front Desk'];
    return names.map((Name): CashDrawer => ({ CashDrawerId: rng.uuid(), SiteId: site.SiteId, Name, State: 1 }));
  });
  // Drawn after the drawers, so the ids of the records drawn before it stay what they were.
  paymentTypes.push({ PaymentTypeId: rng.uuid(), Name: DIRECT_DEBIT, State: 1 });
  return { suppliers, supplies, paymentTypes, cashDrawers };
}

/** Who rings a sale up at a site, and on which drawer. */
export class Desk {
  private readonly clerks = new Map<Guid, Guid[]>();

  constructor(
    private readonly reference: SalesReference,
    plans: StaffPlan[],
  ) {
    for (const p of plans) {
      if (!p.employee.SiteId) continue;
      const list = this.clerks.get(p.employee.SiteId) ?? [];
      if (p.employee.JobTitle === 'Receptionist' || p.employee.JobTitle === 'Salon Manager')
        list.unshift(p.employee.EmployeeId);
      else list.push(p.employee.EmployeeId);
      this.clerks.set(p.employee.SiteId, list);
    }
  }

  drawer(siteId: Guid): Guid {
    return this.reference.cashDrawers.find((d) => d.SiteId === siteId)?.CashDrawerId ?? EMPTY_GUID;
  }

  /** Front-of-house staff first; the empty Guid when the site has no staff on file. */
  user(rng: Rng, siteId: Guid): Guid {
    const list = this.clerks.get(siteId) ?? [];
    return list.length === 0 ? EMPTY_GUID : rng.chance(0.7) ? (list[0] as Guid) : rng.pick(list);
  }

  paymentType(name: PaymentTypeName): Guid {
    return this.reference.paymentTypes.find((p) => p.Name === name)?.PaymentTypeId ?? EMPTY_GUID;
  }
}
