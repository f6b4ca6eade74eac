import type { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingDocumentLineItem } from '../world/sales.js';
import type { LineItemIn } from './document-input.js';

// Line items are computed in cents: Total = round(Quantity × Price) − Discount, so sums never drift.

/** Checks each line's references and builds the stored lines; failures go to `problems`. */
export function buildLines(
  world: World,
  lines: LineItemIn[],
  random: Random,
  problems: ModelStateErrors,
): AccountingDocumentLineItem[] {
  if (lines.length === 0) problems.add('AccountingDocumentLineItems', 'At least one line item is required.');
  return lines.map((l, i) => {
    const at = `AccountingDocumentLineItems[${i}]`;
    const ref = (field: string, id: Guid | null | undefined, exists: (id: Guid) => boolean) => {
      if (id != null && !exists(id)) problems.add(`${at}.${field}`, `The ${field} '${id}' does not exist.`);
      return id ?? null;
    };
    const priceCents = toCents(l.Price);
    const discountCents = toCents(l.Discount ?? 0);
    return {
      AccountingDocumentLineItemId: random.guid(),
      Description: l.Description,
      Quantity: l.Quantity,
      Price: fromCents(priceCents),
      Discount: fromCents(discountCents),
      Total: fromCents(Math.round(l.Quantity * priceCents) - discountCents),
      ServiceId: ref('ServiceId', l.ServiceId, (id) => world.services.some((s) => s.ServiceId === id)),
      ProductId: ref('ProductId', l.ProductId, (id) => world.products.some((p) => p.ProductId === id)),
      PackageId: ref('PackageId', l.PackageId, (id) => world.packages.some((p) => p.PackageId === id)),
      EmployeeId: ref('EmployeeId', l.EmployeeId, (id) => world.employees.some((e) => e.EmployeeId === id)),
    };
  });
}

export const linesTotal = (lines: AccountingDocumentLineItem[]): number =>
  fromCents(lines.reduce((sum, l) => sum + toCents(l.Total), 0));
