import { Rng } from './seeded-faker.js';

import type { WorldSize } from './sizes.js';

export { WORLD_SIZES, type WorldSize } from './sizes.js';

/** How much of everything each size holds. */
export interface SizeProfile {
  sites: number;
  employees: number;
  clients: number;
  services: number;
  products: number;
  vouchers: number;
  /** Share of free rostered time filled with appointments in the past / at today. */
  pastOccupancy: number;
  nearOccupancy: number;
  /** Occupancy 30 days out; it falls linearly from nearOccupancy. */
  farOccupancy: number;
  classesPerSite: number;
}

export const SIZE_PROFILES: Record<WorldSize, SizeProfile> = {
  small: {
    sites: 3,
    employees: 5,
    clients: 40,
    services: 24,
    products: 15,
    vouchers: 10,
    pastOccupancy: 0.3,
    nearOccupancy: 0.3,
    farOccupancy: 0.05,
    classesPerSite: 1,
  },
  standard: {
    sites: 3,
    employees: 15,
    clients: 300,
    services: 40,
    products: 30,
    vouchers: 60,
    pastOccupancy: 0.55,
    nearOccupancy: 0.5,
    farOccupancy: 0.15,
    classesPerSite: 3,
  },
  large: {
    sites: 6,
    employees: 120,
    clients: 50_000,
    services: 60,
    products: 50,
    vouchers: 1500,
    pastOccupancy: 0.85,
    nearOccupancy: 0.8,
    farOccupancy: 0.35,
    classesPerSite: 4,
  },
};

/** What every area generator receives. Instants are epoch ms; `today` is UTC midnight. */
export interface GenContext {
  seed: number;
  size: WorldSize;
  profile: SizeProfile;
  today: number;
}

export function rngFor(ctx: Pick<GenContext, 'seed'>, area: string): Rng {
  return new Rng(ctx.seed, area);
}
