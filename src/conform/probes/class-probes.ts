import { jsonArray } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe } from '../probe.js';
import { stateProbes } from './item-states.js';
import { listProbe, type Query, type Version } from './probe-kit.js';

// Classes: definitions, dated schedules and bookings, with the class type by name and by number.

const range =
  (days: number, ...more: (readonly [string, string])[]) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined
      ? undefined
      : [['siteId', ids.siteId], ['start', dayFrom(ids.now, -7)], ['end', dayFrom(ids.now, days - 7)], ...more];

const CLASS_TYPES = ['Class', 'Event'] as const;

export function classProbes(v: Version): Probe[] {
  const typed = (days: number) => (ids: Ids) => range(days)(ids);
  return [
    listProbe(
      v,
      'listClasses',
      'listClasses from a week back: a list',
      'Active classes only, ordered by name',
      (ids) =>
        ids.siteId
          ? [
              ['siteId', ids.siteId],
              ['start', dayFrom(ids.now, -7)],
            ]
          : undefined,
    ),
    listProbe(
      v,
      'listClassSchedules',
      'listClassSchedules over 100 days: no range cap',
      'classschedules has no range cap',
      range(100, ['classType', v.n === 2 ? 'Class' : '1']),
    ),
    listProbe(
      v,
      'listClassSchedules',
      'listClassSchedules bookOnline=false: a list',
      'bookOnline (O, default true); false returns all',
      range(14, ['classType', '1'], ['bookOnline', 'false']),
    ),
    ...stateProbes(v, 'listClassSchedules', typed(14), 'classType', CLASS_TYPES),
    listProbe(
      v,
      'listClassBookings',
      'listClassBookings over 100 days: no range cap',
      'classbookings has no range cap',
      range(100, ['classType', v.n === 2 ? 'Event' : '2']),
      jsonArray(),
    ),
    ...stateProbes(v, 'listClassBookings', typed(14), 'classType', CLASS_TYPES),
  ];
}
