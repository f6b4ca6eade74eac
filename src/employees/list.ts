import { containsAny, hasState, inSite } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export interface EmployeeQuery {
  siteId: Guid;
  itemState: number;
  find: string;
}

/**
 * Every employee of the site (by home site) plus those of the whole account, bookable or not, in
 * exactly the requested state; find is a case-insensitive contains over first name, last name
 * and "first last". Ordered by last name, then first name, as a staff list reads.
 */
export function listEmployees(world: World, q: EmployeeQuery) {
  return world.employees
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((e) => containsAny(q.find, [e.FirstName, e.LastName, `${e.FirstName} ${e.LastName}`]))
    .sort(
      (a, b) =>
        collator.compare(a.LastName, b.LastName) ||
        collator.compare(a.FirstName, b.FirstName) ||
        (a.EmployeeId < b.EmployeeId ? -1 : 1),
    )
    .map((e) => ({
      EmployeeId: e.EmployeeId,
      SiteId: e.SiteId,
      FirstName: e.FirstName,
      LastName: e.LastName,
      Email: e.Email,
      MobilePhone: e.MobilePhone,
      JobTitle: e.JobTitle,
      State: e.State,
      BookOnline: e.BookOnline,
      ServiceIds: [...e.ServiceIds],
    }));
}
