import { z } from 'zod';
import { runInSlices } from '../../accounts/slices.js';
import { siteIdParam } from '../../http/common-params.js';
import { endpointGroup, listAnswer } from '../../http/endpoint.js';
import { byte, dateTime, guidArray, guidFilter } from '../../http/params.js';
import { reply } from '../../http/reply.js';
import { CartInput } from '../schemas.js';
import { sample, timesQuery } from './examples.js';
import { AvailableDateSchema, AvailableTimeSchema } from './schemas.js';

const appointments = endpointGroup('Appointments');

// The search and the check are loaded on first use: they read time zones, and ICU's time-zone data
// costs tens of milliseconds to load, which start-up should not pay. None of these answers is
// cacheable, because they depend on the account clock. The diary index they read is kept per
// diary, so any write (a booking, a state change) is seen by the next question.
const search = () => import('./search.js');
const validate = () => import('./validate.js');

const TIMES_DESCRIPTION =
  "Start times fall every 15 minutes of the site's trading hours on the day; a time is offered when every service " +
  "fits inside trading hours and an employee's roster (working time minus time off), with a qualified employee who " +
  'is free and, where the service needs one, a free resource of the site. Nothing is offered before the account ' +
  'clock. Only what is bookable online is offered: services with BookOnline (a package when all its services ' +
  'are), and Active employees with BookOnline; a service or package that is not answers `[]`, and an employee ' +
  'who is not is never offered, even when named in employeeIds. Appointments in every state but Cancelled and ' +
  'the classes an employee teaches count as busy. Each offer carries Start (of the first service), End (of the ' +
  "last) and, one entry per service in booking order (the services asked for, then the package's services in " +
  'their order), Employees[i] and Resources[i]: the employee and the resource the i-th service would get; a ' +
  'service that needs no resource has the empty Guid there. A cart is built from the offer: with serviceSequence ' +
  "1 each service starts when the one before it ends (its length is the service's Duration), with 2 every " +
  'service starts at Start; the services of a package are sent with its PackageId, and the booking links them.';

/** What GET and POST availabletimes share: the query, all required by name (arrays aside), and the answer. */
const times = {
  query: {
    siteId: siteIdParam(),
    day: dateTime({
      description:
        "The day to search: the date part names a date of the site's own calendar (its time, if any, is ignored). " +
        'Start times come back in UTC.',
    }),
    services: guidArray({ description: 'Services to book, in the order they are to be done.' }),
    packageId: guidFilter({
      required: true,
      description:
        'A package to book: its services come after any services asked for, in their package order. Send empty ' +
        '(or the empty Guid) when using services.',
    }),
    employeeIds: guidArray({
      description: 'Only these employees, in order of preference. Send none for any qualified employee.',
    }),
    clientId: guidFilter({
      required: true,
      description:
        'The client booking: their own other appointments and class places then count as taken. Empty or the ' +
        'empty Guid = anonymous.',
    }),
    serviceSequence: byte({
      description:
        'Order of the services: 1 = one after another in the order given; 2 = all start together, each with a ' +
        'different employee; 0 = none stated, read as 1. Other values answer 400.',
    }),
  },
  response: listAnswer('Offers ordered by start; empty when nothing fits.', AvailableTimeSchema),
};

export const availabilityEndpoints = [
  appointments.get('/api/v2/appointments/availabletimes', {
    ...times,
    operationId: 'getAvailableTimes',
    summary:
      'Bookable start times on one day for services or a package, with the employees and resources each would get.',
    description: TIMES_DESCRIPTION,
    example: (world, now) => ({ query: timesQuery(sample(world, now)) }),
    handler: async ({ account, query, now }) => reply.json((await search()).offeredTimes(account.world, query, now)),
  }),
  appointments.post('/api/v2/appointments/availabletimes', {
    ...times,
    operationId: 'getAvailableTimesForCart',
    summary: 'The same search as GET availabletimes, with the current cart in the body: its times count as taken.',
    readOnly: true,
    description: `${TIMES_DESCRIPTION} No offered time overlaps an item of the cart.`,
    body: {
      schema: CartInput,
      required: false,
      description: 'The current cart: a bare JSON array of appointment services.',
    },
    example: (world, now) => {
      const s = sample(world, now);
      return { query: timesQuery(s), body: s.cart };
    },
    handler: async ({ account, query, body, now }) =>
      reply.json((await search()).offeredTimes(account.world, query, now, body ?? [])),
  }),
  appointments.get('/api/v2/appointments/availabledates', {
    operationId: 'getAvailableDates',
    summary: 'Dates with at least one bookable time for the services and packages, over the next 30 days.',
    description:
      "Searches the site's own calendar from its today (the account clock) for 30 days, today included, as " +
      'availabletimes would with any employee, no client and the services one after another; a date is listed ' +
      'exactly when availabletimes for that day offers a time. Services come first, then each package in its own ' +
      'order.',
    query: {
      siteId: siteIdParam(),
      services: guidArray({ description: 'Services to book. Send none when searching packages.' }),
      packages: guidArray({ description: 'Packages to book. Send none when searching services.' }),
    },
    response: listAnswer('Dates in order.', AvailableDateSchema),
    example: (world, now) => {
      const s = sample(world, now);
      return { query: { siteId: s.siteId, services: s.serviceId } };
    },
    handler: async ({ account, query, now }) => reply.json((await search()).availableDates(account.world, query, now)),
  }),
  appointments.post('/api/v2/appointments/validate', {
    operationId: 'validateCart',
    summary: 'Re-check a cart against the diary before creating the appointment.',
    readOnly: true,
    description:
      'A failure inside a 200: an empty body means every item is still available; a non-empty body is a JSON ' +
      "string listing the items no longer available, comma-separated (each item's Description, else its service or " +
      'package name), in cart order. An item is available when it starts no earlier than the account clock, lies ' +
      'inside trading hours, its employees are qualified, rostered, not on time off and free, its resources are ' +
      "the site's and free, its client has nothing else then, and no earlier item of the cart holds the same " +
      'employee or resource at an overlapping time. Nothing is written.',
    query: { siteId: siteIdParam() },
    body: {
      schema: CartInput,
      required: true,
      description:
        'The cart: a bare JSON array of appointment services, each with Start, ServiceId (or PackageId), ' +
        'Employees and Resources.',
    },
    response: {
      description:
        'Empty when every item is still available; otherwise a JSON string such as `"Cut & Finish, Manicure"`.',
      schema: z.string(),
      mayBeEmpty: true,
    },
    errors: { 400: 'No cart items were sent (an empty array or no body).' },
    example: (world, now) => {
      const s = sample(world, now);
      return { query: { siteId: s.siteId }, body: s.cart };
    },
    handler: async ({ account, query, body, now }) => {
      const failed = await runInSlices((await validate()).unavailableItems(account.world, query.siteId, body, now));
      return failed.length === 0 ? reply.empty() : reply.json(failed.join(', '));
    },
  }),
];
