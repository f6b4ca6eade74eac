import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, editRecord, removeRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { checkHeaderIds, checkType } from './document-fields.js';
import type { DocumentIn } from './document-input.js';
import { buildLines, linesTotal } from './document-lines.js';

/**
 * Updates the document the ROUTE id names. The body's SiteId is what is saved, so it is required
 * (400 on SiteId when missing or naming no site). Fields left out keep their value; sent line
 * items replace the list. DocumentNumber never changes. Entries allocated to it stay allocated.
 */
export function updateDocument(world: World, documentId: Guid, body: DocumentIn, random: Random): void {
  const document = editRecord(
    world,
    'accountingDocuments',
    world.accountingDocuments.find((d) => d.AccountingDocumentId === documentId),
  );
  if (document === undefined) throw errors.recordDoesNotExist();
  const problems = new ModelStateErrors();
  if (body.SiteId == null) problems.add('SiteId', 'The SiteId field is required.');
  else checkSite(world, body.SiteId, 'SiteId', problems);
  const type =
    body.AccountingDocumentTypeId === undefined
      ? document.AccountingDocumentTypeId
      : checkType(body.AccountingDocumentTypeId, problems);
  checkHeaderIds(world, body, problems);
  const lines =
    body.AccountingDocumentLineItems === undefined
      ? undefined
      : buildLines(world, body.AccountingDocumentLineItems, random, problems);
  problems.throwIfAny();

  if (body.SiteId != null) document.SiteId = body.SiteId;
  if (type !== undefined) document.AccountingDocumentTypeId = type;
  if (body.ClientId !== undefined) document.ClientId = body.ClientId;
  if (body.SupplierId !== undefined) document.SupplierId = body.SupplierId;
  if (body.DocumentDate !== undefined) document.DocumentDate = body.DocumentDate;
  if (body.DueDate !== undefined) document.DueDate = body.DueDate;
  if (body.Reference !== undefined) document.Reference = body.Reference;
  if (body.LinkedAccountingDocumentId !== undefined)
    document.LinkedAccountingDocumentId = body.LinkedAccountingDocumentId;
  if (lines !== undefined) {
    document.AccountingDocumentLineItems = lines;
    document.Total = linesTotal(lines);
  }
}

/** Removes a document; entries allocated to it are kept (they are money received). */
export function deleteDocument(world: World, documentId: Guid): void {
  const index = world.accountingDocuments.findIndex((d) => d.AccountingDocumentId === documentId);
  if (index < 0) throw errors.recordDoesNotExist();
  removeRecord(world, 'accountingDocuments', world.accountingDocuments[index]!);
}
