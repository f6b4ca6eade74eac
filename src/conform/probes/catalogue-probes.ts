import { all, jsonArray, jsonObject, says, status } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe } from '../probe.js';
import { stateProbes } from './item-states.js';
import { type Built, listProbe, pathOf, probe, type Query, type Version } from './probe-kit.js';

// Sites, the catalogue, employees, time records and client forms: the account's read-only lists.

const site =
  (...more: (readonly [string, string])[]) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined ? undefined : [['siteId', ids.siteId], ...more];

/** siteId, start and end `days` apart (from a week back), and more. */
const range =
  (days: number, ...more: (readonly [string, string])[]) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined
      ? undefined
      : [['siteId', ids.siteId], ['start', dayFrom(ids.now, -7)], ['end', dayFrom(ids.now, days - 7)], ...more];

/** A list capped at `cap` days: a range of the cap answers, one day more is 400 naming the cap. */
export function rangeCapProbes(
  version: Version,
  v2Id: string,
  cap: number,
  query: (days: number) => (ids: Ids) => Built,
) {
  const o = version.op(v2Id);
  return [
    probe({
      name: version.name(`${v2Id} over ${cap} days: 400 Maximum date range is ${cap} days`),
      rule: `The range is at most ${cap} days; a wider one is 400 with \`Maximum date range is ${cap} days\``,
      op: o,
      build: (ids) => query(cap + 1)(ids),
      check: says(400, `Maximum date range is ${cap} days`),
    }),
    probe({
      name: version.name(`${v2Id} over exactly ${cap} days: 200`),
      rule: `A range of exactly ${cap} days is within the cap`,
      op: o,
      build: (ids) => query(cap)(ids),
      check: status(200),
    }),
  ];
}

export function catalogueProbes(v: Version): Probe[] {
  const sites = v.op('listSites');
  const getSite = v.op('getSite');
  const ranged = (id: string) => (days: number) => (ids: Ids) => {
    const q = range(days)(ids);
    return q && { path: pathOf(v.op(id)), query: q, auth: v.auth };
  };
  return [
    probe({
      name: v.name('listSites with no state: the active sites'),
      rule: 'GET sites is account-wide; state is optional (default Active)',
      op: sites,
      build: () => ({ path: sites.path, auth: v.auth }),
      check: jsonArray(),
    }),
    ...stateProbes(v, 'listSites', () => [], 'state'),
    probe({
      name: v.name('getSite answers one site with its address, contact details, trading hours and time zone'),
      rule: 'GET sites/{id}: 200 Site',
      op: getSite,
      build: (ids) => ids.siteId && { path: pathOf(getSite, ids.siteId), auth: v.auth },
      check: jsonObject(200, 'SiteId'),
    }),
    listProbe(v, 'listServices', 'listServices with siteId alone: a list', 'itemState and find are O', site()),
    listProbe(
      v,
      'listServices',
      'listServices showPackageServices=true: a list',
      'showPackageServices (O, default false) shows package-only component services',
      site(['showPackageServices', 'true']),
    ),
    ...stateProbes(v, 'listServices', site()),
    listProbe(v, 'listProducts', 'listProducts with siteId alone: a list', 'allowSale defaults to false', site()),
    listProbe(
      v,
      'listProducts',
      'listProducts allowSale=true: a list',
      'allowSale=true returns only the products flagged for sale',
      site(['allowSale', 'true']),
    ),
    ...stateProbes(v, 'listProducts', site()),
    ...stateProbes(v, 'listPackages', site(['find', ''])),
    listProbe(v, 'listCourses', 'listCourses with siteId alone: a list', 'itemState and find are O', site()),
    ...stateProbes(v, 'listCourses', site()),
    listProbe(v, 'listMemberships', 'listMemberships with siteId alone: a list', 'itemState and find are O', site()),
    ...stateProbes(v, 'listMemberships', site()),
    listProbe(
      v,
      'listEmployees',
      'listEmployees with siteId alone: a list',
      'All employees, not only bookable',
      site(),
    ),
    ...stateProbes(v, 'listEmployees', site()),
    listProbe(
      v,
      'listEmployeeSchedules',
      'listEmployeeSchedules over a week: a list',
      'Working time and time off',
      range(7),
    ),
    listProbe(
      v,
      'listEmployeeSchedules',
      'listEmployeeSchedules includeClasses=true: a list',
      'includeClasses is O (default false)',
      range(7, ['includeClasses', 'true']),
    ),
    ...rangeCapProbes(v, 'listEmployeeSchedules', 90, ranged('listEmployeeSchedules')),
    listProbe(v, 'listTimeRecords', 'listTimeRecords over a week: a list', 'Ordered by clock-in time', range(7)),
    ...rangeCapProbes(v, 'listTimeRecords', 90, ranged('listTimeRecords')),
    listProbe(
      v,
      'listClientCustomForms',
      'listClientCustomForms over 100 days: no range cap',
      'clientcustomforms has no range cap',
      range(100),
      all(jsonArray()),
    ),
  ];
}
