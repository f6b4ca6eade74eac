import { z } from 'zod';

// The sales report's answer. The spec names the report ("broken down by employee, including
// voucher redemptions") but not its fields; these are what a salon owner reads at month end.

const Figure = z
  .object({
    Count: z.number().int().describe('How many: item quantity for sales lines, number of records otherwise.'),
    Amount: z.number().describe('Money, two decimals, summed in cents.'),
  })
  .meta({ id: 'SalesReportFigure' });

const figures = {
  Services: Figure.describe('Client-invoice lines with a ServiceId.'),
  Products: Figure.describe('Client-invoice lines with a ProductId.'),
  Packages: Figure.describe('Client-invoice lines with a PackageId (packages and courses).'),
  Other: Figure.describe('Client-invoice lines naming no service, product or package (custom items).'),
  Refunds: Figure.describe('Credit-note lines; subtracted in NetSales.'),
  NetSales: Figure.describe('Services + Products + Packages + Other − Refunds (counts likewise).'),
  VoucherSales: Figure.describe(
    'Vouchers issued (by ActivationDate, at CreatedSiteId, else SiteId), at face value. Vouchers carry no ' +
      'employee: always on the unattributed row.',
  ),
  VoucherRedemptions: Figure.describe(
    'Entries with a VoucherId (redemptions). Each counts for the employee with the largest share of the invoice ' +
      'it paid (first line on a tie); none → unattributed. A payment, not a sale: not in NetSales.',
  ),
  Gratuities: Figure.describe(
    'Gratuity of entries, split evenly between the employees in its Gratuities (left-over cents to the first); ' +
      'Count = shares. None listed → unattributed.',
  ),
};

export const SalesReportEmployeeSchema = z
  .object({
    EmployeeId: z.guid().describe('The empty Guid: the row for sales and redemptions attributed to no employee.'),
    FirstName: z.string(),
    LastName: z.string(),
    ...figures,
  })
  .meta({ id: 'SalesReportEmployee' });

export const SalesReportSchema = z
  .object({
    Start: z.string().describe('Range start as applied, UTC `yyyy-MM-dd HH:mm` (inclusive).'),
    End: z.string().describe('Range end as applied (inclusive; not widened).'),
    SiteIds: z.array(z.guid()).describe('Sites covered: the siteId sent, or every Active site.'),
    Employees: z
      .array(SalesReportEmployeeSchema)
      .describe('One row per employee with any figure, by last name, first name; the unattributed row last.'),
    Totals: z.object(figures).describe('Sums of the employee rows.').meta({ id: 'SalesReportTotals' }),
  })
  .meta({ id: 'SalesReport' });
