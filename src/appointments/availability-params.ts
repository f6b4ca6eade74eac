import type { z } from 'zod';
import { siteIdParam } from '../http/common-params.js';
import { errors } from '../http/errors.js';
import { byte, dateTime, guidArray, guidFilter } from '../http/params.js';
import { EMPTY_GUID } from '../world/common.js';
import type { Question } from './availability/search.js';
import type { CartInput } from './schemas.js';

// The query of GET and POST availabletimes (all required by name, arrays aside), and how it becomes
// the engine's question.

export const timesQueryParams = {
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
      'A package to book: its services in their package order, linked by one PackageGroupId. Send empty when ' +
      'using services.',
  }),
  employeeIds: guidArray({
    description: 'Only these employees, in order of preference. Send none for any qualified employee.',
  }),
  clientId: guidFilter({
    required: true,
    description:
      'The client booking: their own other appointments and class places then count as taken. Empty = anonymous.',
  }),
  serviceSequence: byte({
    description:
      'Order of the services: 1 = one after another in the order given; 2 = all start together, each with a ' +
      'different employee; 0 = none stated, read as 1. Other values answer 400.',
  }),
};

interface TimesQuery {
  siteId: string;
  services: string[];
  packageId: string | null;
  employeeIds: string[];
  clientId: string | null;
  serviceSequence: number;
}

/** The empty Guid, sent where a client means "none", is read as none. */
export const given = (ids: readonly string[]): string[] => ids.filter((id) => id !== EMPTY_GUID);
const named = (id: string | null): string | null => (id === null || id === EMPTY_GUID ? null : id);

/** The engine's question; serviceSequence is a Byte, but only 0, 1 and 2 mean anything (400 otherwise). */
export function timesQuestion(query: TimesQuery, cart: z.infer<typeof CartInput> = []): Question {
  if (query.serviceSequence > 2) {
    throw errors.field('serviceSequence', `The value '${query.serviceSequence}' is not valid for serviceSequence.`);
  }
  const packageId = named(query.packageId);
  return {
    siteId: query.siteId,
    services: given(query.services),
    packages: packageId ? [packageId] : [],
    employeeIds: given(query.employeeIds),
    clientId: named(query.clientId),
    serviceSequence: query.serviceSequence,
    cart,
  };
}
