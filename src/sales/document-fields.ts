import type { ModelStateErrors } from '../http/model-state.js';
import type { World } from '../world/index.js';
import { DocumentType, type DocumentTypeId } from '../world/sales-codes.js';
import type { DocumentIn } from './document-input.js';

// Header checks shared by create and update. Every miss is a model-state error on its field.

const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(DocumentType));

/** Any known type number is accepted, even one the caller did not mean: the spec's "wrong but valid" quirk. */
export function checkType(type: number | undefined, problems: ModelStateErrors): DocumentTypeId | undefined {
  if (type === undefined) {
    problems.add('AccountingDocumentTypeId', 'The AccountingDocumentTypeId field is required.');
    return undefined;
  }
  if (!KNOWN_TYPES.has(type))
    problems.add('AccountingDocumentTypeId', `The value '${type}' is not valid for AccountingDocumentTypeId.`);
  return type as DocumentTypeId;
}

/** ClientId, SupplierId and LinkedAccountingDocumentId must name records when sent non-empty. */
export function checkHeaderIds(world: World, body: DocumentIn, problems: ModelStateErrors): void {
  if (body.ClientId != null && !world.clients.some((c) => c.ClientId === body.ClientId)) {
    problems.add('ClientId', `The ClientId '${body.ClientId}' does not exist.`);
  }
  if (body.SupplierId != null && !world.suppliers.some((s) => s.SupplierId === body.SupplierId)) {
    problems.add('SupplierId', `The SupplierId '${body.SupplierId}' does not exist.`);
  }
  const linked = body.LinkedAccountingDocumentId;
  if (linked != null && !world.accountingDocuments.some((d) => d.AccountingDocumentId === linked)) {
    problems.add('LinkedAccountingDocumentId', `The LinkedAccountingDocumentId '${linked}' does not exist.`);
  }
}
