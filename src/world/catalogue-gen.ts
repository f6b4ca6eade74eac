import type { Course, Membership, Package, Product, ProductStock, Resource, Service } from './catalogue.js';
import type { ResourceKind, ServiceTemplate } from './catalogue-data.js';
import {
  CATEGORY_BLURBS,
  CATEGORY_CODES,
  COURSE_TEMPLATES,
  MEMBERSHIP_TEMPLATES,
  PACKAGE_ONLY_TEMPLATES,
  PACKAGE_TEMPLATES,
  PRODUCT_TEMPLATES,
  SERVICE_TEMPLATES,
} from './catalogue-data.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import { fromCents, toCents } from './money.js';
import type { Rng } from './seeded-faker.js';
import { ean13 } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';

// A service's ResourceIds are interchangeable: a booking occupies one free resource among
// those listed that belongs to the booking's site. Every site offering the service holds one.

export interface Catalogue {
  resources: Resource[];
  services: Service[];
  products: Product[];
  packages: Package[];
  courses: Course[];
  memberships: Membership[];
}

const FLAGSHIP = 0;

export function generateCatalogue(ctx: GenContext, sites: SiteInfo[]): Catalogue {
  const rng = rngFor(ctx, 'catalogue');
  const { resources, byKind } = generateResources(ctx, rng, sites);
  const services = generateServices(ctx, rng, sites, byKind);
  const byName = new Map(services.map((s) => [s.Name, s]));
  return {
    resources,
    services,
    products: generateProducts(ctx, rng, sites),
    packages: generatePackages(ctx, rng, sites, byName),
    courses: generateCourses(rng, sites, byName),
    memberships: generateMemberships(rng, sites),
  };
}

type KindIndex = Map<string, Resource[]>;
const kindKey = (siteId: Guid, kind: ResourceKind) => `${siteId}|${kind}`;

function generateResources(ctx: GenContext, rng: Rng, sites: SiteInfo[]) {
  const resources: Resource[] = [];
  const byKind: KindIndex = new Map();
  const rooms = ctx.size === 'small' ? 2 : ctx.size === 'standard' ? 3 : 4;
  const chairs = ctx.size === 'small' ? 1 : 2;
  sites.forEach(({ site }, index) => {
    const add = (Name: string, kind: ResourceKind | null, State: 1 | 2 = 1) => {
      const r: Resource = { ResourceId: rng.uuid(), SiteId: site.SiteId, Name, State };
      resources.push(r);
      if (kind && State === 1) {
        const list = byKind.get(kindKey(site.SiteId, kind)) ?? [];
        list.push(r);
        byKind.set(kindKey(site.SiteId, kind), list);
      }
    };
    for (let i = 1; i <= rooms; i++) add(i === 3 ? 'Couples Suite' : `Treatment Room ${i}`, 'treatment');
    for (let i = 1; i <= chairs; i++) add(chairs === 1 ? 'Pedicure Spa Chair' : `Pedicure Chair ${i}`, 'pedicure');
    if (index === FLAGSHIP) add('Laser Machine', 'laser');
    // Retired kit stays on file but no service uses it.
    if (ctx.size !== 'small' && index < 2) add('Sunbed (retired)', null, 2);
  });
  return { resources, byKind };
}

/** Picks the head of the template list, plus the package-only parts of packages that fit. */
export function selectServiceTemplates(total: number): ServiceTemplate[] {
  let regularCount = total - PACKAGE_ONLY_TEMPLATES.length;
  let packageOnly: ServiceTemplate[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const regular = new Set(SERVICE_TEMPLATES.slice(0, regularCount).map((t) => t.name));
    const fitting = PACKAGE_TEMPLATES.filter((p) =>
      p.services.every((n) => regular.has(n) || PACKAGE_ONLY_TEMPLATES.some((t) => t.name === n)),
    );
    const needed = new Set(fitting.flatMap((p) => p.services));
    packageOnly = PACKAGE_ONLY_TEMPLATES.filter((t) => needed.has(t.name));
    regularCount = Math.min(SERVICE_TEMPLATES.length, total - packageOnly.length);
  }
  return [...SERVICE_TEMPLATES.slice(0, regularCount), ...packageOnly];
}

function retailPrice(rng: Rng, base: number): number {
  if (base === 0) return 0;
  const cents = Math.round(base * (0.95 + rng.float() * 0.15) * 2) * 50;
  return fromCents(rng.chance(0.25) ? cents - 5 : cents);
}

function generateServices(ctx: GenContext, rng: Rng, sites: SiteInfo[], byKind: KindIndex): Service[] {
  const templates = selectServiceTemplates(ctx.profile.services);
  const inBundles = new Set([...PACKAGE_TEMPLATES, ...COURSE_TEMPLATES].flatMap((b) => b.services));
  const activeSites = sites.filter((s) => s.site.State === 1).map((s) => s.site.SiteId);
  const flagship = sites[FLAGSHIP]?.site.SiteId ?? null;
  const loose = templates.filter((t) => !inBundles.has(t.name) && !t.flagship);
  const inactive = new Set(rng.sample(loose, ctx.size === 'small' ? 1 : 3).map((t) => t.name));
  const counters = new Map<string, number>();

  return templates.map((t) => {
    let SiteId: Guid | null = null;
    if (t.flagship) SiteId = flagship;
    else if (!inBundles.has(t.name) && rng.chance(0.12)) SiteId = rng.pick(activeSites);
    const offeredAt = SiteId ? [SiteId] : sites.map((s) => s.site.SiteId);
    const ResourceIds = t.resource
      ? offeredAt.flatMap((id) => (byKind.get(kindKey(id, t.resource as ResourceKind)) ?? []).map((r) => r.ResourceId))
      : [];
    const seq = (counters.get(t.category) ?? 0) + 1;
    counters.set(t.category, seq);
    return {
      ServiceId: rng.uuid(),
      SiteId,
      Name: t.name,
      Code: `${CATEGORY_CODES[t.category]}${String(seq).padStart(3, '0')}`,
      Category: t.category,
      Description: `${t.name}, ${t.minutes} minutes. ${CATEGORY_BLURBS[t.category]}`,
      Duration: t.minutes,
      Price: retailPrice(rng, t.price),
      State: inactive.has(t.name) ? 2 : 1,
      PackageOnly: t.packageOnly === true,
      // A package's own parts are bookable online through their package unless the template says not.
      BookOnline: t.online !== false && (t.packageOnly === true || rng.chance(0.92)),
      ResourceIds,
    };
  });
}

function generateProducts(ctx: GenContext, rng: Rng, sites: SiteInfo[]): Product[] {
  const activeSites = sites.filter((s) => s.site.State === 1).map((s) => s.site.SiteId);
  const templates = PRODUCT_TEMPLATES.slice(0, ctx.profile.products);
  const retired = new Set(rng.sample(templates, ctx.size === 'small' ? 1 : 3));
  return templates.map((t, i) => {
    const SiteId = rng.chance(0.15) ? rng.pick(activeSites) : null;
    const stockedAt = SiteId ? [SiteId] : sites.map((s) => s.site.SiteId);
    const price = retailPrice(rng, t.price);
    const Stock: ProductStock[] = stockedAt.map((siteId) => ({
      SiteId: siteId,
      Cost: fromCents(Math.round(toCents(price) * (t.retail ? 0.4 + rng.float() * 0.15 : 0.85 + rng.float() * 0.1))),
      Quantity: rng.chance(0.1) ? 0 : rng.int(1, 48),
    }));
    return {
      ProductId: rng.uuid(),
      SiteId,
      Name: t.name,
      Code: `PRD${String(i + 1).padStart(4, '0')}`,
      Barcode: ean13(rng),
      Category: t.category,
      Price: price,
      AllowSale: t.retail,
      State: retired.has(t) ? 2 : 1,
      Stock,
    };
  });
}

function generatePackages(ctx: GenContext, rng: Rng, sites: SiteInfo[], byName: Map<string, Service>): Package[] {
  const fitting = PACKAGE_TEMPLATES.filter((p) => p.services.every((n) => byName.has(n)));
  return fitting.map((t, i) => {
    const parts = t.services.map((n) => byName.get(n) as Service);
    const full = parts.reduce((sum, s) => sum + toCents(s.Price), 0);
    return {
      PackageId: rng.uuid(),
      // Bridal work is done at the flagship only; every other package is account-wide.
      SiteId: t.name === 'Bridal Package' ? (sites[FLAGSHIP]?.site.SiteId ?? null) : null,
      Name: t.name,
      Code: `PKG${String(i + 1).padStart(3, '0')}`,
      Barcode: ean13(rng),
      Category: t.category,
      Price: fromCents(Math.round((full * t.discount) / 100) * 100),
      State: ctx.size !== 'small' && t.name === 'Brow & Lash Package' ? 2 : 1,
      Services: parts.map((s, k) => ({ ServiceId: s.ServiceId, Sequence: k + 1 })),
    };
  });
}

function generateCourses(rng: Rng, sites: SiteInfo[], byName: Map<string, Service>): Course[] {
  const fitting = COURSE_TEMPLATES.filter((c) => c.services.every((n) => byName.has(n)));
  return fitting.map((t, i) => {
    const parts = t.services.map((n) => byName.get(n) as Service);
    const average = parts.reduce((sum, s) => sum + toCents(s.Price), 0) / parts.length;
    return {
      CourseId: rng.uuid(),
      SiteId: t.flagship ? (sites[FLAGSHIP]?.site.SiteId ?? null) : null,
      Name: t.name,
      Code: `CRS${String(i + 1).padStart(3, '0')}`,
      Category: t.category,
      Barcode: ean13(rng),
      Price: fromCents(Math.round((average * t.sessions * t.discount) / 100) * 100),
      Sessions: t.sessions,
      ExpiryDays: t.expiryDays,
      ServiceIds: parts.map((s) => s.ServiceId),
      State: i === fitting.length - 1 && fitting.length > 2 ? 2 : 1,
    };
  });
}

function generateMemberships(rng: Rng, sites: SiteInfo[]): Membership[] {
  return MEMBERSHIP_TEMPLATES.map((t) => ({
    MembershipId: rng.uuid(),
    SiteId: t.code === 'HAIR-Q' ? (sites[1]?.site.SiteId ?? null) : null,
    Name: t.name,
    Code: t.code,
    Price: t.price,
    TermMonths: t.termMonths,
    DiscountPercent: t.discount,
    State: t.code === 'STU-A' ? 2 : 1,
  }));
}
