import type { generateWorld, World, WorldSize } from '../world/index.js';

// Creating an account must be cheap, so an account's world starts as a view of a shared template:
// each collection is generated (once per seed, size and day) and cloned into the account only
// when first touched. After that it is the account's own plain array.

export const COLLECTIONS = [
  'sites', 'resources', 'services', 'products', 'packages', 'courses', 'memberships', 'employees',
  'schedules', 'clients', 'appointmentStates', 'sources', 'clientTypes', 'appointments', 'classes',
  'classSchedules', 'classBookings', 'suppliers', 'paymentTypes', 'cashDrawers', 'accountingDocuments',
  'accountingEntries', 'vouchers', 'timeRecords', 'customForms', 'clientCustomForms',
] as const satisfies readonly (keyof World)[];

// Fails to compile when World gains a collection that is not listed above.
const everyCollection: Exclude<keyof World, (typeof COLLECTIONS)[number]> extends never ? true : never = true;
void everyCollection;

// The generator (faker, time-zone data) is loaded on first use, not at start-up.
let generate: typeof generateWorld | undefined;

/** Loads the world generator; accounts are created only after this resolves. */
export async function loadWorldGenerator(): Promise<void> {
  generate ??= (await import('../world/index.js')).generateWorld;
}

const MAX_TEMPLATES = 4;
const templates = new Map<string, World>();

function template(seed: number, size: WorldSize, day: string): World {
  const key = `${seed}|${size}|${day}`;
  let world = templates.get(key);
  if (world) {
    templates.delete(key);
  } else {
    if (!generate) throw new Error('the world generator is not loaded yet');
    world = generate({ seed, size, today: day });
    if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
  }
  templates.set(key, world);
  return world;
}

// Where each lazily cloned world reads its template from.
const sources = new WeakMap<World, () => World>();

/**
 * A collection for reading only: the account's own copy once it has one, else the shared
 * template's array (which must not be changed). `shared` says which.
 */
export function peekCollection<K extends keyof World>(world: World, key: K): { value: World[K]; shared: boolean } {
  const own = Object.getOwnPropertyDescriptor(world, key);
  const source = sources.get(world);
  if (own && 'value' in own) return { value: own.value as World[K], shared: false };
  if (!source) return { value: world[key], shared: false };
  return { value: source()[key], shared: true };
}

export function worldFor(seed: number, size: WorldSize, day: string): World {
  const world = {} as World;
  sources.set(world, () => template(seed, size, day));
  const own = (key: keyof World, value: unknown) =>
    Object.defineProperty(world, key, { value, writable: true, enumerable: true, configurable: true });
  for (const key of COLLECTIONS) {
    Object.defineProperty(world, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = structuredClone(template(seed, size, day)[key]);
        own(key, value);
        return value;
      },
      set(value) {
        own(key, value);
      },
    });
  }
  return world;
}
