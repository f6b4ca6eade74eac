import { DAY, formatDateTime, startOfDay } from '../datetime.js';
import { checkRange } from '../errors/range.js';
import { rangeParams } from '../http/common-params.js';
import { endpointGroup } from '../http/endpoint.js';
import { guidFilter } from '../http/params.js';
import { reply } from '../http/reply.js';
import { REPORT_RULES } from './rules.js';
import { salesReportSteps } from './sales-report.js';
import { SalesReportSchema } from './schemas.js';

const reports = endpointGroup('Reports');

/** GET /reports/sales: account-wide (siteId optional), 365-day cap. */
export const reportEndpoints = [
  reports.get('/api/v2/reports/sales', {
    operationId: 'salesReport',
    summary:
      'Sales report by employee: services, products, packages, refunds, voucher sales and redemptions, ' +
      'gratuities, with grand totals.',
    description:
      'siteId is optional: left out (or empty, or the empty Guid) covers every Active site; sent, covers that one ' +
      'site whether active or not. start and end are required by name and bound the range inclusively (the end ' +
      'is not widened: send `end=2026-03-31 23:59` for the whole of a day). At most 365 days, else 400 `Maximum ' +
      'date range is 365 days`. Read from the client invoices (lines by EmployeeId), credit notes (Refunds), ' +
      'entries (VoucherId = redemption; Gratuity split among Gratuities) and vouchers issued; amounts are summed ' +
      'in cents.',
    cacheable: true,
    query: {
      siteId: guidFilter({
        required: false,
        description: 'One site (active or not); left out, empty or the empty Guid = every Active site.',
      }),
      ...rangeParams('Range start, UTC, inclusive.', 'Range end, UTC, inclusive (not widened).'),
    },
    response: { description: 'The report.', schema: SalesReportSchema },
    errors: {
      400:
        'A malformed value, a missing start or end value, or a range over 365 days (`Maximum date range is 365 ' +
        'days`).',
    },
    example: (_world, now) => ({
      query: { start: formatDateTime(startOfDay(now) - 30 * DAY), end: formatDateTime(startOfDay(now) - 1) },
    }),
    handler: ({ account, query }) => {
      checkRange(query.start, query.end, 365, REPORT_RULES.range);
      return reply.fromSteps(salesReportSteps(account.world, query, formatDateTime));
    },
  }),
];
