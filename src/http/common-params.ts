import { ItemStates } from './enums.js';
import { dateTime, enumeration, guid, string } from './params.js';

// Parameters many endpoints share, declared once so their wording and rules stay the same.

export const siteIdParam = () =>
  guid({ description: 'Site to list for. Account-wide records are returned for every site.' });

export const itemStateParam = () =>
  enumeration(ItemStates, {
    typeName: 'ItemStates',
    default: ItemStates.Active,
    description: 'Record state, by name or number: Active = 1, Inactive = 2; All = 0 matches nothing.',
  });

export const requiredItemStateParam = () =>
  enumeration(ItemStates, {
    typeName: 'ItemStates',
    description:
      'Record state, by name or number: Active = 1, Inactive = 2; All = 0 matches nothing. No default: the name ' +
      'must be sent.',
  });

export const findParam = (over: string, match: 'contains' | 'starts-with') =>
  string({ default: '', description: `Free text, ${match} match (case-insensitive) over ${over}. Empty = no filter.` });

/** A required-by-name UTC range, `start` then `end`, each described for its endpoint. */
export const rangeParams = (start: string, end: string) => ({
  start: dateTime({ description: start }),
  end: dateTime({ description: end }),
});
