import { checkRange } from '../errors/range.js';
import { weekAround } from '../examples.js';
import { findParam } from '../http/common-params.js';
import { endpointGroup, listAnswer } from '../http/endpoint.js';
import { dateTime, guid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import { TIME_RECORD_RULES } from './rules.js';
import { TimeRecordListSchema } from './schemas.js';
import { listTimeRecords } from './time-records.js';

const timeRecords = endpointGroup('Time records');

const MAX_TIME_RECORD_DAYS = 90;

export const timeRecordsEndpoint = timeRecords.get('/api/v2/timerecords', {
  operationId: 'listTimeRecords',
  summary: 'Clock-in and clock-out records of a site over a range of at most 90 days.',
  description:
    'A record is returned when its clock-in or its clock-out falls between `start` and `end` widened by one day; ' +
    'a record still open (no clock-out) is matched by its clock-in. The 90-day cap applies to the range as sent, ' +
    'before widening. Records clocked on a device not tied to a site (SiteId the empty Guid) are returned for ' +
    'every siteId. Records are as of the account clock: a clock-in it has not reached is not there yet, and a ' +
    'clock-out it has not reached leaves the record open. Ordered by clock-in.',
  query: {
    siteId: guid({
      description: 'Site whose time records to list. Records not tied to a site are returned for every site.',
    }),
    start: dateTime({ description: 'Range start (UTC), inclusive.' }),
    end: dateTime({
      description: 'Range end (UTC), at most 90 days after start; widened by one day before the query.',
    }),
    find: findParam("the employee's first name or last name", 'contains'),
  },
  response: listAnswer('Time records in the range, ordered by clock-in.', TimeRecordListSchema),
  errors: { 400: 'The range is wider than 90 days (`Maximum date range is 90 days`), or a value is malformed.' },
  // A week around today holds past shifts and today's, open while the clock is inside them.
  example: (world, now) => ({ query: { siteId: firstActiveSiteId(world), ...weekAround(now) } }),
  handler: ({ account, query, now }) => {
    // The cap is on the range the caller sent; widening is how the end is read, not part of it.
    checkRange(query.start, query.end, MAX_TIME_RECORD_DAYS, TIME_RECORD_RULES.range);
    return reply.json(listTimeRecords(account.world, query, now));
  },
});
