import type { Package, Service } from '../../world/catalogue.js';
import type { Guid } from '../../world/common.js';
import type { World } from '../../world/index.js';

// What a caller asks to book: the services named one by one, then each package's services in
// their Sequence order. Services of one package stay linked (PackageGroupId in the answer).

export interface WantedService {
  service: Service;
  /** The package the service is booked as part of; null for a service asked for by itself. */
  package: Package | null;
  /** Which of the asked packages it belongs to (0, 1, …); -1 for a service by itself. */
  group: number;
}

const bookableAt = (siteId: Guid) => (r: { State: number; SiteId: Guid | null }) =>
  r.State === 1 && (r.SiteId === null || r.SiteId === siteId);

/**
 * The services to place, in booking order; empty when nothing was asked or anything asked cannot
 * be booked at the site (unknown, inactive, another site's, or a package with such a service).
 */
export function wantedServices(
  world: World,
  siteId: Guid,
  serviceIds: readonly Guid[],
  packageIds: readonly Guid[],
): WantedService[] {
  const atSite = bookableAt(siteId);
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const wanted: WantedService[] = [];
  for (const id of serviceIds) {
    const service = services.get(id);
    if (!service || !atSite(service)) return [];
    wanted.push({ service, package: null, group: -1 });
  }
  for (const [group, id] of packageIds.entries()) {
    const pkg = world.packages.find((p) => p.PackageId === id);
    if (!pkg || !atSite(pkg) || pkg.Services.length === 0) return [];
    for (const part of [...pkg.Services].sort((a, b) => a.Sequence - b.Sequence)) {
      const service = services.get(part.ServiceId);
      if (!service || !atSite(service)) return [];
      wanted.push({ service, package: pkg, group });
    }
  }
  return wanted;
}
