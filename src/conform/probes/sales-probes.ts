import { jsonArray, jsonObject, says } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe } from '../probe.js';
import { listProbe, pathOf, probe, type Query, UNKNOWN, type Version } from './probe-kit.js';

// Sales: accounting documents and entries (lists by type, records, deletes of missing records).

const documents =
  (clientDocuments: string, days = 100) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined
      ? undefined
      : [
          ['siteId', ids.siteId],
          ['clientDocuments', clientDocuments],
          ['start', dayFrom(ids.now, -days)],
          ['end', dayFrom(ids.now, 0)],
          ['find', ''],
        ];

const entries =
  (entryType: string) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined
      ? undefined
      : [
          ['siteId', ids.siteId],
          ['entryType', entryType],
          ['start', dayFrom(ids.now, -100)],
          ['end', dayFrom(ids.now, 0)],
          ['find', ''],
        ];

export function salesProbes(v: Version): Probe[] {
  const getDocument = v.op('getAccountingDocument');
  const getEntry = v.op('getAccountingEntry');
  const missing = (v2Id: string, noun: string) => {
    const o = v.op(v2Id);
    return probe({
      name: v.name(`${v2Id} of ${noun} that does not exist: 400 Record does not exist.`),
      rule: `DELETE of a missing ${noun.replace(/^an? /, '')} is 400 with \`Record does not exist.\``,
      op: o,
      build: () => ({ path: pathOf(o, UNKNOWN), auth: v.auth }),
      check: says(400, 'Record does not exist.'),
    });
  };
  const byNumber = v.n === 1;
  return [
    listProbe(
      v,
      'listAccountingDocuments',
      'listAccountingDocuments clientDocuments=true over 100 days: a list',
      'clientDocuments=true: client invoices, credit notes, quotations; no range cap',
      documents('true'),
    ),
    listProbe(
      v,
      'listAccountingDocuments',
      'listAccountingDocuments clientDocuments=false: a list',
      'clientDocuments=false: the supplier-side documents',
      documents('false'),
    ),
    listProbe(
      v,
      'listAccountingDocuments',
      'listAccountingDocuments clientDocuments empty: a list',
      'clientDocuments with no value returns both',
      documents(''),
    ),
    probe({
      name: v.name('getAccountingDocument answers the document with its line items'),
      rule: 'GET accountingdocuments/{id}: any type, no siteId',
      op: getDocument,
      build: (ids) => ids.documentId && { path: pathOf(getDocument, ids.documentId), auth: v.auth },
      check: jsonObject(200, 'AccountingDocumentId'),
    }),
    missing('deleteAccountingDocument', 'a document'),
    listProbe(
      v,
      'listAccountingEntries',
      `listAccountingEntries entryType=${byNumber ? '1' : 'Receipt'}: a list`,
      'entryType takes exactly one value per call, by name or by number',
      entries(byNumber ? '1' : 'Receipt'),
    ),
    listProbe(
      v,
      'listAccountingEntries',
      'listAccountingEntries entryType=2 by number: a list',
      'Enumerated parameters accept the number',
      entries('2'),
      jsonArray(),
    ),
    ...(byNumber
      ? []
      : [
          listProbe(
            v,
            'listAccountingEntries',
            'listAccountingEntries entryType=Payment by name: a list',
            'Enumerated parameters accept the name',
            entries('Payment'),
          ),
        ]),
    probe({
      name: v.name('getAccountingEntry answers the entry with its allocations'),
      rule: 'GET accountingentries/{id}: no siteId, no entryType',
      op: getEntry,
      build: (ids) => ids.entryId && { path: pathOf(getEntry, ids.entryId), auth: v.auth },
      check: jsonObject(200, 'AccountingEntryId'),
    }),
    missing('deleteAccountingEntry', 'an entry'),
  ];
}
