import { z } from 'zod';
import { answerObject, assumed, type Sources } from '../field-sources.js';

// The sales report's answer. The spec names the report ("broken down by employee, including
// voucher redemptions") but not its fields; these are what a salon owner reads at month end.

const Figure = answerObject(
  'SalesReportFigure',
  {
    Count: z.number().int().describe('How many: item quantity for sales lines, number of records otherwise.'),
    Amount: z.number().describe('Money, two decimals, summed in cents.'),
  },
  {
    Count: assumed('An owner reads how many were sold beside what they came to.'),
    Amount: assumed('An owner reads what the sales came to.'),
  },
);

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

const figureSources: Sources<typeof figures> = {
  Services: assumed('An owner reads service sales apart from retail.'),
  Products: assumed('An owner reads retail sales apart from services.'),
  Packages: assumed('An owner reads package and course sales apart from single services.'),
  Other: assumed('Sales of custom items belong in the report too.'),
  Refunds: assumed('Credit notes take sales back, so an owner reads them beside the sales.'),
  NetSales: assumed('An owner reads what the sales came to after refunds.'),
  VoucherSales: assumed('Vouchers sold are takings that are not yet sales, so an owner reads them apart.'),
  VoucherRedemptions: assumed('The spec says the report includes voucher redemptions.'),
  Gratuities: assumed('Receipts carry gratuities for employees; an owner pays them out per employee.'),
};

export const SalesReportEmployeeSchema = answerObject(
  'SalesReportEmployee',
  {
    EmployeeId: z.guid().describe('The empty Guid: the row for sales and redemptions attributed to no employee.'),
    FirstName: z.string(),
    LastName: z.string(),
    ...figures,
  },
  {
    EmployeeId: assumed('The spec says the report is broken down by employee; this names the employee.'),
    FirstName: assumed("An owner reads the employee's name without a call per row."),
    LastName: assumed("An owner reads the employee's name without a call per row."),
    ...figureSources,
  },
);

export const SalesReportSchema = answerObject(
  'SalesReport',
  {
    Start: z.string().describe('Range start as applied, UTC `yyyy-MM-dd HH:mm` (inclusive).'),
    End: z.string().describe('Range end as applied (inclusive; not widened).'),
    SiteIds: z.array(z.guid()).describe('Sites covered: the siteId sent, or every Active site.'),
    Employees: z
      .array(SalesReportEmployeeSchema)
      .describe('One row per employee with any figure, by last name, first name; the unattributed row last.'),
    Totals: answerObject('SalesReportTotals', figures, figureSources, 'Sums of the employee rows.'),
  },
  {
    Start: assumed('Says which range the figures cover.'),
    End: assumed('Says which range the figures cover.'),
    SiteIds: assumed('Says which sites the figures cover, as an omitted siteId means every Active site.'),
    Employees: assumed('The spec says the report is broken down by employee.'),
    Totals: assumed('An owner reads the whole business beside each employee.'),
  },
);
