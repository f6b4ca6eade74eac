import { addMonths, DAY, MINUTE, utcMs, utcText } from '../datetime.js';
import type { Client } from './clients.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Source } from './diary.js';
import { fromCents, toCents } from './money.js';
import type { AccountingDocument, AccountingEntry, Desk } from './sales.js';
import { DocumentType, EntryType } from './sales.js';
import { VOUCHER_PREFIX, type VoucherType } from './sales-codes.js';
import { ean13 } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';

/** Template: General = 0, Birthday = 1, WithLove = 2, ThankYou = 3, Congratulations = 4. */
export type VoucherTemplate = 0 | 1 | 2 | 3 | 4;

/** Balance = Amount minus the Totals of receipts whose VoucherId is this voucher. */
export interface Voucher {
  VoucherId: Guid;
  /** null: a shared voucher, redeemable at every site. */
  SiteId: Guid | null;
  State: ItemState;
  VoucherType: VoucherType;
  VoucherNumber: string;
  ExpiryDate: DateTimeText;
  DeliveryDate: DateTimeText | null;
  ActivationDate: DateTimeText | null;
  AccountingEntryTypeId: number;
  ClientId: Guid | null;
  SourceId: Guid | null;
  CreatedSiteId: Guid | null;
  Description: string;
  Recipient: string;
  RecipientEmail: string;
  RecipientMessage: string;
  Notes: string;
  BarCode: string;
  Category: string;
  From: string;
  Template: VoucherTemplate;
  Amount: number;
}

const MESSAGES: Record<VoucherTemplate, string[]> = {
  0: ['Enjoy some time for yourself!', 'Treat yourself.'],
  1: ['Happy birthday! Have a lovely pamper day.', 'Happy birthday, enjoy!'],
  2: ['With all my love xx', 'Because you deserve it. Love you!'],
  3: ['Thank you for everything!', 'A small thank you for all your help.'],
  4: ['Congratulations on the new job!', 'Congratulations to you both!'],
};

/** Vouchers were sold over this many days; they last twelve months. */
const SOLD_DAYS = 420;

export function generateVouchers(ctx: GenContext, sites: SiteInfo[], clients: Client[], sources: Source[]): Voucher[] {
  const rng = rngFor(ctx, 'vouchers');
  const active = sites.filter((s) => s.site.State === 1);
  const buyers = clients.filter((c) => c.State === 1);
  const vouchers: (Voucher & { soldAt: number })[] = [];
  for (let i = 0; i < ctx.profile.vouchers; i++) {
    const kind = rng.weighted(['Gift Voucher', 'Promotional', 'Corporate'], [80, 12, 8]);
    // Four gifts in ten are sold as a gift card, which is its own category.
    const type: VoucherType = kind === 'Gift Voucher' && rng.chance(0.4) ? 2 : 1;
    const category = type === 2 ? 'Gift Card' : kind;
    const scheduled = type === 2 && rng.chance(0.1);
    const soldAt = ctx.today - rng.int(1, SOLD_DAYS) * DAY + rng.int(36, 72) * 15 * MINUTE;
    const activation = scheduled ? ctx.today + rng.int(1, 10) * DAY + 9 * 60 * MINUTE : soldAt;
    const site = rng.pick(active.length ? active : sites);
    // A buyer on file must have joined before the sale.
    const candidate = kind === 'Gift Voucher' && buyers.length > 0 && rng.chance(0.75) ? rng.pick(buyers) : null;
    const buyer = candidate && candidate.CreationDate < utcText(soldAt) ? candidate : null;
    const template: VoucherTemplate =
      category === 'Promotional' ? 0 : rng.weighted<VoucherTemplate>([0, 1, 2, 3, 4], [40, 20, 15, 15, 10]);
    const recipient = rng.fullName();
    const amount = category === 'Promotional' ? rng.pick([10, 20]) : rng.pick([25, 50, 50, 75, 100, 100, 150, 200]);
    vouchers.push({
      soldAt,
      VoucherId: rng.uuid(),
      SiteId: rng.chance(0.3) ? null : site.site.SiteId,
      State: rng.chance(0.05) ? 2 : 1,
      VoucherType: type,
      VoucherNumber: '',
      ExpiryDate: utcText(addMonths(activation, 12)),
      DeliveryDate: type === 2 ? utcText(activation) : null,
      ActivationDate: utcText(activation),
      AccountingEntryTypeId: EntryType.Receipt,
      ClientId: buyer?.ClientId ?? null,
      SourceId: rng.chance(0.8) ? rng.pick(sources).SourceId : null,
      CreatedSiteId: site.site.SiteId,
      Description: `${category} ${amount.toFixed(2)}`,
      Recipient: category === 'Promotional' ? '' : recipient,
      RecipientEmail: type === 2 ? `${recipient.toLowerCase().replace(/[^a-z]+/g, '.')}@gmail.com` : '',
      RecipientMessage: category === 'Promotional' ? '' : rng.pick(MESSAGES[template]),
      Notes: category === 'Corporate' ? 'Staff reward scheme' : '',
      BarCode: ean13(rng, '29'),
      Category: category,
      From: buyer
        ? `${buyer.FirstName} ${buyer.LastName}`
        : category === 'Corporate'
          ? `${rng.lastName()} & Partners`
          : '',
      Template: template,
      Amount: amount,
    });
  }
  // Numbers follow sale order; gift cards and vouchers have their own series.
  vouchers.sort((a, b) => a.soldAt - b.soldAt || (a.VoucherId < b.VoucherId ? -1 : 1));
  const issued: Record<VoucherType, number> = { 1: 0, 2: 0 };
  return vouchers.map(({ soldAt: _, ...v }) => ({
    ...v,
    VoucherNumber: `${VOUCHER_PREFIX[v.VoucherType]}${String(++issued[v.VoucherType]).padStart(6, '0')}`,
  }));
}

/**
 * Receipts paying client invoices with vouchers. Each touches one invoice no other voucher
 * pays, and never takes more than the voucher's remaining balance or the invoice total.
 */
export function generateVoucherRedemptions(
  ctx: GenContext,
  vouchers: Voucher[],
  documents: AccountingDocument[],
  desk: Desk,
): AccountingEntry[] {
  const rng = rngFor(ctx, 'voucher-redemptions');
  const invoices = documents
    .filter((d) => d.AccountingDocumentTypeId === DocumentType.ClientInvoice && d.Total > 0 && d.ClientId)
    .map((d) => ({ doc: d, at: utcMs(d.DocumentDate) }))
    .sort((a, b) => a.at - b.at || (a.doc.AccountingDocumentId < b.doc.AccountingDocumentId ? -1 : 1));
  const firstAtOrAfter = (t: number) => {
    let lo = 0,
      hi = invoices.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((invoices[mid]?.at ?? 0) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const used = new Set<Guid>();
  const entries: AccountingEntry[] = [];
  const window = (v: Voucher) => ({
    from: v.ActivationDate ? utcMs(v.ActivationDate) : Infinity,
    until: Math.min(utcMs(v.ExpiryDate), ctx.today),
  });
  const usable = vouchers.filter((v) => v.State === 1 && window(v).from < window(v).until);
  const spent = new Set(rng.sample(usable, Math.max(2, Math.round(usable.length * 0.45))));
  for (const voucher of usable) {
    if (!spent.has(voucher)) continue;
    const { from, until } = window(voucher);
    const lo = firstAtOrAfter(from),
      hi = firstAtOrAfter(until);
    let balance = toCents(voucher.Amount);
    let uses = rng.int(1, 3);
    for (let tries = 0; uses > 0 && balance > 0 && hi > lo && tries < 20; tries++) {
      const candidate = invoices[rng.int(lo, hi - 1)];
      if (!candidate || used.has(candidate.doc.AccountingDocumentId)) continue;
      const { doc, at } = candidate;
      if (voucher.SiteId !== null && voucher.SiteId !== doc.SiteId) continue;
      uses--;
      const take = Math.min(balance, toCents(doc.Total));
      balance -= take;
      used.add(doc.AccountingDocumentId);
      const AccountingEntryId = rng.uuid();
      entries.push({
        AccountingEntryId,
        SiteId: doc.SiteId,
        ClientId: doc.ClientId,
        SupplierId: null,
        EntryNumber: '',
        Reference: voucher.VoucherNumber,
        Description: 'Voucher redemption',
        EntryDate: utcText(at),
        AccountingEntryTypeId: EntryType.Receipt,
        AccountingDocumentId: doc.AccountingDocumentId,
        AmountDue: 0,
        Received: fromCents(take),
        Gratuity: 0,
        Change: 0,
        Total: fromCents(take),
        PaymentTypeId: desk.paymentType(voucher.VoucherType === 2 ? 'Gift Card' : 'Voucher'),
        VoucherId: voucher.VoucherId,
        UserId: desk.user(rng, doc.SiteId),
        CashDrawerId: desk.drawer(doc.SiteId),
        Gratuities: [],
      });
    }
  }
  return entries;
}
