import { nextInSeries } from '../numbering.js';
import type { DocumentTypeId, EntryTypeId } from '../world/sales.js';

// Friendly numbers continue the seeded numbering: prefix, dash, six digits, highest + 1 per type.

export const DOCUMENT_PREFIX: Record<number, string> = {
  1: 'INV',
  2: 'QUO',
  3: 'CRN',
  9: 'PO',
  10: 'SIN',
  11: 'DBN',
  12: 'GRN',
  13: 'TRF',
  20: 'RCI',
  21: 'RSI',
};
export const ENTRY_PREFIX: Record<EntryTypeId, string> = { 1: 'RCT', 2: 'PAY', 10: 'RRC', 11: 'RPY' };

export const nextNumber = (prefix: string, existing: Iterable<string>): string => nextInSeries(`${prefix}-`, existing);

export const documentPrefix = (type: DocumentTypeId): string => DOCUMENT_PREFIX[type] ?? 'DOC';
