import type { ModelStateErrors } from '../http/model-state.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { EntryType, type EntryTypeId } from '../world/sales-codes.js';
import type { EntryIn } from './entry-input.js';

// Checks shared by create and update of entries. Every miss is a model-state error on its field.

const TYPES: ReadonlySet<number> = new Set(Object.values(EntryType));
export const isReceipt = (t: number) => t === EntryType.Receipt || t === EntryType.RecurringReceipt;

export function checkEntryType(type: number | undefined, problems: ModelStateErrors): EntryTypeId | undefined {
  if (type === undefined) problems.add('AccountingEntryTypeId', 'The AccountingEntryTypeId field is required.');
  else if (!TYPES.has(type))
    problems.add('AccountingEntryTypeId', `The value '${type}' is not valid for AccountingEntryTypeId.`);
  else return type as EntryTypeId;
  return undefined;
}

const required = (problems: ModelStateErrors, field: string) => problems.add(field, `The ${field} field is required.`);

/** The merged entry (stored values overlaid by the body) must have what its type needs. */
export interface EntryRefs {
  type: EntryTypeId | undefined;
  clientId: Guid | null;
  supplierId: Guid | null;
  paymentTypeId: Guid | null;
  cashDrawerId: Guid | null;
  documentId: Guid | null;
  voucherId: Guid | null;
}

export function checkEntryRefs(world: World, r: EntryRefs, body: EntryIn, problems: ModelStateErrors): void {
  const named = (field: string, id: Guid | null, exists: (id: Guid) => boolean) => {
    if (id !== null && !exists(id)) problems.add(field, `The ${field} '${id}' does not exist.`);
  };
  if (r.type !== undefined && isReceipt(r.type) && r.clientId === null) required(problems, 'ClientId');
  if (r.type !== undefined && !isReceipt(r.type) && r.supplierId === null) required(problems, 'SupplierId');
  if (r.paymentTypeId === null) required(problems, 'PaymentTypeId');
  if (r.cashDrawerId === null) required(problems, 'CashDrawerId');
  named('ClientId', r.clientId, (id) => world.clients.some((c) => c.ClientId === id));
  named('SupplierId', r.supplierId, (id) => world.suppliers.some((s) => s.SupplierId === id));
  named('PaymentTypeId', r.paymentTypeId, (id) => world.paymentTypes.some((p) => p.PaymentTypeId === id));
  named('CashDrawerId', r.cashDrawerId, (id) => world.cashDrawers.some((d) => d.CashDrawerId === id));
  named('AccountingDocumentId', r.documentId, (id) =>
    world.accountingDocuments.some((d) => d.AccountingDocumentId === id),
  );
  named('VoucherId', r.voucherId, (id) => world.vouchers.some((v) => v.VoucherId === id));
  (body.Gratuities ?? []).forEach((g, i) => {
    if (!world.employees.some((e) => e.EmployeeId === g.EmployeeId)) {
      problems.add(`Gratuities[${i}].EmployeeId`, `The EmployeeId '${g.EmployeeId}' does not exist.`);
    }
  });
}
