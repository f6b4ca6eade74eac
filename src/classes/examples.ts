import { weekAround } from '../examples.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import type { ClassDefinition } from '../world/classes.js';
import type { World } from '../world/index.js';

// Example calls for the OpenAPI document, picked from the seeded world.

export function activeClass(world: World): ClassDefinition {
  const site = firstActiveSiteId(world);
  const found = world.classes.find((c) => c.SiteId === site && c.State === 1 && c.ClassType === 1) ?? world.classes[0];
  if (!found) throw new Error('the world has no class');
  return found;
}

export const schedulesQuery = (world: World, now: number) => ({
  query: { siteId: firstActiveSiteId(world), classType: 'Class', ...weekAround(now), find: '', bookOnline: 'true' },
});
