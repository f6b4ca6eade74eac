import { checkRange } from '../errors/range.js';
import { weekAround } from '../examples.js';
import { findParam, itemStateParam, rangeParams, siteIdParam } from '../http/common-params.js';
import { endpointGroup, listAnswer } from '../http/endpoint.js';
import { boolean, guid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import { EMPLOYEE_RULES } from './rules.js';
import { EmployeeListSchema, EmployeeScheduleSchema } from './schemas.js';
import { listEmployees, listSchedules } from './staff.js';

const employees = endpointGroup('Employees');

const MAX_SCHEDULE_DAYS = 90;

export const employeeEndpoints = [
  employees.get('/api/v2/employees', {
    operationId: 'listEmployees',
    summary: 'List the staff of a site: every employee, not only those who take bookings.',
    description:
      'Employees whose home site is the siteId, plus those of the whole account (SiteId null). Ordered by last ' +
      'name, then first name.',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam('first name, last name and "first last"', 'contains'),
    },
    response: listAnswer('Employees, ordered by last name then first name.', EmployeeListSchema),
    errors: {},
    example: (world) => ({ query: { siteId: firstActiveSiteId(world) } }),
    handler: ({ account, query }) => reply.json(listEmployees(account.world, query)),
  }),
  employees.get('/api/v2/employees/schedules', {
    operationId: 'listEmployeeSchedules',
    summary: 'Rosters of a site: working time and time off that overlap a range of at most 90 days.',
    description:
      'A row is returned when it overlaps the range at all: it starts at or before `end` and ends at or after ' +
      '`start`, so its Start may precede the range. ScheduleType tells working time (1) from time off (2); a ' +
      'partial absence is a time-off row inside a working row. includeClasses=true adds the class sessions ' +
      'taught at the site as rows of type 3. Ordered by Start.',
    cacheable: true,
    query: {
      siteId: guid({ description: 'Site whose rosters to list.' }),
      ...rangeParams('Range start (UTC).', 'Range end (UTC), at most 90 days after start.'),
      includeClasses: boolean({
        default: false,
        description: 'Also return the class sessions the employees teach (ScheduleType 3).',
      }),
    },
    response: listAnswer('Schedule rows overlapping the range, ordered by Start.', EmployeeScheduleSchema),
    errors: { 400: 'The range is wider than 90 days (`Maximum date range is 90 days`), or a value is malformed.' },
    example: (world, now) => ({
      query: { siteId: firstActiveSiteId(world), ...weekAround(now), includeClasses: 'true' },
    }),
    handler: ({ account, query }) => {
      checkRange(query.start, query.end, MAX_SCHEDULE_DAYS, EMPLOYEE_RULES.range);
      return reply.json(listSchedules(account.world, query));
    },
  }),
];
