import { formatDateTime } from '../datetime.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, insertRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { AccountingDocument } from '../world/sales.js';
import { checkHeaderIds, checkType } from './document-fields.js';
import type { DocumentIn } from './document-input.js';
import { buildLines, linesTotal } from './document-lines.js';
import { documentPrefix, nextNumber } from './numbers.js';

/**
 * Creates a document at the query's site. The body's SiteId must be that same site (400 on
 * SiteId otherwise). No payment is recorded: a new invoice is Unpaid until an entry pays it.
 */
export function createDocument(
  world: World,
  siteId: Guid,
  body: DocumentIn,
  now: number,
  random: Random,
): AccountingDocument {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  if (body.SiteId !== siteId) problems.add('SiteId', 'The SiteId must equal the query siteId.');
  const type = checkType(body.AccountingDocumentTypeId, problems);
  checkHeaderIds(world, body, problems);
  if (body.AccountingDocumentLineItems === undefined)
    problems.add('AccountingDocumentLineItems', 'The AccountingDocumentLineItems field is required.');
  const lines =
    body.AccountingDocumentLineItems === undefined
      ? []
      : buildLines(world, body.AccountingDocumentLineItems, random, problems);
  problems.throwIfAny();
  if (type === undefined) throw new Error('unreachable: type checked');

  const date = body.DocumentDate ?? formatDateTime(now);
  const document: AccountingDocument = {
    AccountingDocumentId: random.guid(),
    AccountingDocumentTypeId: type,
    DocumentNumber: nextNumber(
      documentPrefix(type),
      world.accountingDocuments.map((d) => d.DocumentNumber),
    ),
    SiteId: siteId,
    ClientId: body.ClientId ?? null,
    SupplierId: body.SupplierId ?? null,
    DocumentDate: date,
    DueDate: body.DueDate ?? date,
    Reference: body.Reference ?? '',
    LinkedAccountingDocumentId: body.LinkedAccountingDocumentId ?? null,
    TransferSiteId: null,
    RecurrenceIntervalMonths: null,
    NextRunDate: null,
    AccountingDocumentLineItems: lines,
    Total: linesTotal(lines),
  };
  insertRecord(world, 'accountingDocuments', document);
  return document;
}
