import type { World } from '../world/index.js';

/** The first active site by name: a stable choice for examples and defaults. */
export function firstActiveSiteId(world: World): string {
  const site = world.sites.filter((s) => s.State === 1).sort((a, b) => a.Name.localeCompare(b.Name))[0];
  if (!site) throw new Error('the world has no active site');
  return site.SiteId;
}
