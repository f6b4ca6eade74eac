import { addMonths, DAY, MINUTE, utcMs, utcText } from '../datetime.js';
import type { Product } from './catalogue.js';
import type { Client } from './clients.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import type { AccountingDocument } from './sales.js';
import { RUN_TYPE, recurringRun } from './sales-rules.js';
import type { Rng } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';
import { tradingWindow } from './sites-gen.js';
import type { Steps } from './steps.js';

// The sales history before the diary: the desk's retail sales month after month, and every run the
// recurring invoices have made, so documents and entries reach back over a year like the business's.

/** Sales history reaches back this many months before today. */
const HISTORY_MONTHS = 13;

/** Retail-only sales at the desk, per site and 30 days; the diary's own month has the same number. */
export const WALK_INS_PER_30_DAYS = { small: 6, standard: 20, large: 60 } as const;

/** The part of the history before this many days ago; the diary's month is generated with the diary. */
const RECENT_DAYS = 30;

interface HistoryInput {
  sites: SiteInfo[];
  /** Clients in joining order. */
  clients: Client[];
  retail: (siteId: Guid) => Product[];
}

/** A retail sale at a site: lines of products, to a client, at an instant. */
export type SellRetail = (siteId: Guid, at: number, products: Product[], client: Client) => void;

/** Walk-in retail sales from HISTORY_MONTHS ago up to the diary's month, at every site open then; a step a day. */
export function* pastRetailSales(ctx: GenContext, rng: Rng, input: HistoryInput, sell: SellRetail): Steps<void> {
  const from = addMonths(ctx.today, -HISTORY_MONTHS);
  const perDay = WALK_INS_PER_30_DAYS[ctx.size] / 30;
  const locals = localClients(input.clients, input.sites);
  yield;
  for (const info of input.sites) {
    const siteId = info.site.SiteId;
    const shelf = input.retail(siteId);
    const { clients, joined } = locals.get(siteId) as Locals;
    if (shelf.length === 0) continue;
    for (let day = from; day < ctx.today - RECENT_DAYS * DAY; day += DAY) {
      yield;
      if (info.closedFrom !== null && day >= info.closedFrom) break;
      const window = tradingWindow(info.site, day);
      if (!window) continue;
      const count = Math.floor(perDay) + (rng.chance(perDay % 1) ? 1 : 0);
      const quarters = Math.floor((window.close - window.open) / (15 * MINUTE));
      for (let i = 0; i < count; i++) {
        const at = window.open + rng.int(0, quarters - 1) * 15 * MINUTE;
        const known = joinedBy(joined, utcText(at));
        if (known === 0 || at < from) continue;
        sell(siteId, at, rng.sample(shelf, rng.int(1, 3)), clients[rng.int(0, known - 1)] as Client);
      }
    }
  }
}

/** A site's active clients (its own and the account-wide ones) in joining order, and when each joined. */
interface Locals {
  clients: Client[];
  /** Their CreationDate texts, which sort as the instants do. */
  joined: string[];
}

/** Each site's Locals, in one pass over the clients: a sale goes to someone who had joined by then. */
function localClients(clients: readonly Client[], sites: readonly SiteInfo[]): Map<Guid, Locals> {
  const out = new Map<Guid, Locals>(sites.map((s) => [s.site.SiteId, { clients: [], joined: [] }]));
  const all = [...out.values()];
  for (const c of clients) {
    if (c.State !== 1) continue;
    const own = c.SiteId === null ? undefined : out.get(c.SiteId);
    for (const locals of own ? [own] : c.SiteId === null ? all : []) {
      locals.clients.push(c);
      locals.joined.push(c.CreationDate);
    }
  }
  return out;
}

/** How many of the ascending date texts are at or before `at`. */
function joinedBy(joined: readonly string[], at: string): number {
  let lo = 0,
    hi = joined.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((joined[mid] as string) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The invoices each recurring document has made so far: one per run date after its own date and
 * before its NextRunDate (the first run after today), within the history. Membership invoices
 * and rent alike. A step per document.
 */
export function* pastRuns(
  ctx: GenContext,
  rng: Rng,
  documents: readonly AccountingDocument[],
): Steps<AccountingDocument[]> {
  const from = addMonths(ctx.today, -HISTORY_MONTHS);
  const runs: AccountingDocument[] = [];
  for (const recurring of documents) {
    yield;
    const months = recurring.RecurrenceIntervalMonths ?? 0;
    if (!RUN_TYPE[recurring.AccountingDocumentTypeId] || recurring.NextRunDate === null || months <= 0) continue;
    const next = utcMs(recurring.NextRunDate);
    for (let at = addMonths(utcMs(recurring.DocumentDate), months); at < next; at = addMonths(at, months)) {
      if (at >= from) runs.push(recurringRun(recurring, at, () => rng.uuid()));
    }
  }
  return runs;
}
