import { byName, containsAny, hasState, inSite } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

// The catalogue as the list endpoints see it. Every list: the site's items plus account-wide
// items, exactly the requested state, a case-insensitive contains search, ordered by name.

interface ListQuery {
  siteId: Guid | null;
  itemState: number;
  find: string;
}

export function listServices(world: World, q: ListQuery & { showPackageServices: boolean }) {
  return world.services
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((s) => q.showPackageServices || !s.PackageOnly)
    .filter((s) => containsAny(q.find, [s.Name, s.Code, s.Category]))
    .sort(byName)
    .map(({ ResourceIds: _, ...row }) => ({ ...row, ServiceTypeName: row.Category, SellInclusive: row.Price }));
}

/** allowSale splits the list: false gives only products not for sale, true only those for sale. */
export function listProducts(world: World, q: ListQuery & { allowSale: boolean }) {
  return world.products
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((p) => p.AllowSale === q.allowSale)
    .filter((p) => containsAny(q.find, [p.Name, p.Code, p.Barcode]))
    .sort(byName)
    .map(({ Stock, ...row }) => {
      const stock = Stock.find((s) => s.SiteId === q.siteId);
      return { ...row, Cost: stock?.Cost ?? 0, Quantity: stock?.Quantity ?? 0 };
    });
}

export function listPackages(world: World, q: ListQuery) {
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  return world.packages
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((p) => containsAny(q.find, [p.Name, p.Code, p.Barcode]))
    .sort(byName)
    .map((p) => ({
      ...p,
      Services: p.Services.map((ps) => {
        const service = services.get(ps.ServiceId);
        return {
          ServiceId: ps.ServiceId,
          Name: service?.Name ?? '',
          Duration: service?.Duration ?? 0,
          Sequence: ps.Sequence,
        };
      }),
    }));
}

export function listCourses(world: World, q: ListQuery) {
  return world.courses
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((c) => containsAny(q.find, [c.Name, c.Code, c.Category, c.Barcode]))
    .sort(byName)
    .map(({ ServiceIds: _, ...row }) => row);
}

export function listMemberships(world: World, q: ListQuery) {
  return world.memberships
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((m) => containsAny(q.find, [m.Name, m.Code]))
    .sort(byName);
}
