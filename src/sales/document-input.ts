import { z } from 'zod';
import { bodyDateTime, text } from '../records.js';
import { amount, optionalGuid } from './input-values.js';

// Body of POST and PUT /accountingdocuments. A line needs only Description, Quantity and Price;
// Total is always recomputed (Quantity × Price − Discount), so a sent Total cannot disagree.

export const LineItemInput = z
  .object({
    AccountingDocumentLineItemId: optionalGuid,
    Description: text(500).refine((s) => s.trim() !== '', { error: 'The field is required.' }),
    Quantity: amount,
    Price: amount,
    Discount: amount.optional(),
    Total: z.number().optional().describe('Ignored: recomputed as Quantity × Price − Discount.'),
    ServiceId: optionalGuid,
    ProductId: optionalGuid,
    PackageId: optionalGuid,
    EmployeeId: optionalGuid,
  })
  .meta({ id: 'AccountingDocumentLineItemInput' });

export const DocumentInput = z
  .object({
    AccountingDocumentId: optionalGuid.describe('Empty or left out; not used (the route id selects on PUT).'),
    AccountingDocumentTypeId: z.number({ error: 'The AccountingDocumentTypeId field is required.' }).int().optional(),
    SiteId: optionalGuid,
    ClientId: optionalGuid,
    SupplierId: optionalGuid,
    DocumentDate: bodyDateTime.optional(),
    DueDate: bodyDateTime.optional(),
    Reference: text(200).optional(),
    LinkedAccountingDocumentId: optionalGuid,
    AccountingDocumentLineItems: z.array(LineItemInput).optional(),
  })
  .meta({ id: 'AccountingDocumentInput' });

export type DocumentIn = z.infer<typeof DocumentInput>;
export type LineItemIn = z.infer<typeof LineItemInput>;
