import type { generateWorld, generateWorldInSlices, World, WorldSize } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import { deepFreeze } from './freeze.js';
import { runInSlices } from './slices.js';

// Creating an account must be cheap, so an account's world starts as a view of a shared template:
// the world generated once per seed, size and day, frozen. Records are values: a write replaces a
// record (and the array holding it) instead of changing it, so the template is never copied, and
// what a write changed is found by comparing references (see changes.ts).

export const COLLECTIONS = [
  'sites',
  'resources',
  'services',
  'products',
  'packages',
  'courses',
  'memberships',
  'employees',
  'schedules',
  'clients',
  'appointmentStates',
  'sources',
  'clientTypes',
  'appointments',
  'classes',
  'classSchedules',
  'classBookings',
  'suppliers',
  'paymentTypes',
  'cashDrawers',
  'accountingDocuments',
  'accountingEntries',
  'vouchers',
  'timeRecords',
  'customForms',
  'clientCustomForms',
] as const satisfies readonly (keyof World)[];

export type Collection = (typeof COLLECTIONS)[number];

// Fails to compile when World gains a collection that is not listed above.
const everyCollection: Exclude<keyof World, Collection> extends never ? true : never = true;
void everyCollection;

/** The field that identifies a record of each collection (unique across the account, like every id). */
export const RECORD_KEYS: { readonly [K in Collection]: keyof World[K][number] & string } = {
  sites: 'SiteId',
  resources: 'ResourceId',
  services: 'ServiceId',
  products: 'ProductId',
  packages: 'PackageId',
  courses: 'CourseId',
  memberships: 'MembershipId',
  employees: 'EmployeeId',
  schedules: 'EmployeeScheduleId',
  clients: 'ClientId',
  appointmentStates: 'AppointmentStateId',
  sources: 'SourceId',
  clientTypes: 'ClientTypeId',
  appointments: 'AppointmentId',
  classes: 'ClassId',
  classSchedules: 'ClassScheduleId',
  classBookings: 'ClassBookingId',
  suppliers: 'SupplierId',
  paymentTypes: 'PaymentTypeId',
  cashDrawers: 'CashDrawerId',
  accountingDocuments: 'AccountingDocumentId',
  accountingEntries: 'AccountingEntryId',
  vouchers: 'VoucherId',
  timeRecords: 'TimeRecordId',
  customForms: 'CustomFormId',
  clientCustomForms: 'ClientCustomFormId',
};

/** The key of a record of a collection: the value of its key field. */
export function recordKey<K extends Collection>(key: K, record: World[K][number]): unknown {
  return record[RECORD_KEYS[key]];
}

// The generator (faker, time-zone data) is loaded on first use, not at start-up.
let generate: typeof generateWorld | undefined;
let generateInSlices: typeof generateWorldInSlices | undefined;

/** Loads the world generator; accounts are created only after this resolves. */
export async function loadWorldGenerator(): Promise<void> {
  generate ??= (await import('../world/index.js')).generateWorld;
  generateInSlices ??= (await import('../world/index.js')).generateWorldInSlices;
}

interface Template {
  world: World;
  /** Every record id of the template, built on first use. */
  ids?: Set<string>;
}

const MAX_TEMPLATES = 4;
const templates = new Map<string, Template>();
/** Templates being generated in slices, by key. */
const preparing = new Map<string, Promise<Template>>();

const templateKey = (seed: number, size: WorldSize, day: string) => `${seed}|${size}|${day}`;

function keep(key: string, found: Template): Template {
  templates.delete(key);
  if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
  templates.set(key, found);
  return found;
}

function template(seed: number, size: WorldSize, day: string): Template {
  const key = templateKey(seed, size, day);
  const found = templates.get(key);
  if (found) return keep(key, found);
  if (!generate) throw new Error('the world generator is not loaded yet');
  return keep(key, { world: deepFreeze(generate({ seed, size, today: day })) });
}

/**
 * Makes the template of (seed, size, day) ready without holding the event loop for more than a
 * slice of about 10 ms at a time: generated, frozen and its ids gathered in slices (a large world
 * is seconds of work). An account made after this reads a ready template.
 */
export async function prepareWorld(seed: number, size: WorldSize, day: string): Promise<void> {
  const key = templateKey(seed, size, day);
  const ready = templates.get(key);
  if (ready) {
    keep(key, ready); // the most recently used, the last evicted
    return;
  }
  let making = preparing.get(key);
  if (!making) {
    making = (async () => {
      await loadWorldGenerator();
      const world = await generateInSlices!({ seed, size, today: day }, runInSlices);
      const ids = await runInSlices(freezeSteps(world));
      return keep(key, { world, ids });
    })().finally(() => preparing.delete(key));
    preparing.set(key, making);
  }
  await making;
}

/** Freezes a generated world, a step per record, and gathers the ids of its records and parts. */
function* freezeSteps(world: World): Steps<Set<string>> {
  const ids = new Set<string>();
  for (const key of COLLECTIONS) {
    for (const record of world[key]) {
      yield;
      deepFreeze(record);
      ids.add(recordKey(key, record) as string);
      for (const id of partIds(key, record)) ids.add(id);
    }
    Object.freeze(world[key]);
  }
  Object.freeze(world);
  return ids;
}

// Where each world reads the collections it has not replaced yet.
const sources = new WeakMap<World, () => Template>();
/** The collections a world over a template holds itself (read or replaced), by world. */
const ownCollections = new WeakMap<World, Set<string>>();

/** A world over the template of (seed, size, day): collections are read from it until replaced. */
export function worldFor(seed: number, size: WorldSize, day: string): World {
  const world = {} as World;
  // The template is held once resolved (at once when it is ready), so an evicted template stays with
  // the accounts using it.
  let held = templates.get(templateKey(seed, size, day));
  const source = () => (held ??= template(seed, size, day));
  sources.set(world, source);
  const owned = new Set<string>();
  ownCollections.set(world, owned);
  const own = (key: keyof World, value: unknown) => {
    Object.defineProperty(world, key, { value, writable: true, enumerable: true, configurable: true });
    owned.add(key);
  };
  for (const key of COLLECTIONS) {
    Object.defineProperty(world, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = source().world[key];
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

/** The collection the world holds now, or undefined while it has not been read (it is then the template's). */
export function heldCollection<K extends Collection>(world: World, key: K): World[K] | undefined {
  // Asked for every table on every id a write draws: a world over a template knows what it holds.
  const owned = ownCollections.get(world);
  if (owned) return owned.has(key) ? world[key] : undefined;
  const own = Object.getOwnPropertyDescriptor(world, key);
  return own && 'value' in own ? world[key] : undefined;
}

/** The template's collection the world started from (an empty list for a world not made by worldFor). */
export function templateCollection<K extends Collection>(world: World, key: K): World[K] {
  return sources.get(world)?.().world[key] ?? [];
}

/** Parts of a record with ids of their own (ids are unique across the account, parts included). */
export const PART_KEYS: Partial<Record<Collection, { list: string; key: string }>> = {
  appointments: { list: 'AppointmentServices', key: 'AppointmentServiceId' },
  clients: { list: 'ClientNotes', key: 'ClientNoteId' },
  accountingDocuments: { list: 'AccountingDocumentLineItems', key: 'AccountingDocumentLineItemId' },
};

/** The ids of a record's parts (services, notes, line items). */
export function partIds(collection: string, record: object): string[] {
  const part = PART_KEYS[collection as Collection];
  const list = part ? (record as Record<string, unknown>)[part.list] : undefined;
  return Array.isArray(list) ? list.map((p) => (p as Record<string, string>)[part!.key]!).filter(Boolean) : [];
}

/** The part ids of frozen lists of parts (a frozen list never changes). */
const partIdsOfList = new WeakMap<readonly unknown[], ReadonlySet<string>>();

/**
 * Whether a part of the record has this id. A record a write is editing keeps the stored record's
 * frozen list of parts until the write replaces it (`editRecord` in records.ts), and the write draws
 * an id for each part it adds: a frozen list's ids are gathered once. Gathered on every draw, an
 * update adding thousands of parts to a record of thousands cost their product.
 */
export function hasPartId(collection: string, record: object, id: string): boolean {
  const part = PART_KEYS[collection as Collection];
  const list = part ? (record as Record<string, unknown>)[part.list] : undefined;
  if (!Array.isArray(list)) return false;
  if (!Object.isFrozen(list)) return list.some((p) => (p as Record<string, unknown> | null)?.[part!.key] === id);
  let ids = partIdsOfList.get(list);
  if (!ids) partIdsOfList.set(list, (ids = new Set(partIds(collection, record))));
  return ids.has(id);
}

/** True when a record of the world's template, or a part of one, has this id. */
export function templateHasId(world: World, id: string): boolean {
  const source = sources.get(world)?.();
  if (!source) return false;
  if (!source.ids) {
    const ids = new Set<string>();
    for (const key of COLLECTIONS) {
      for (const record of source.world[key]) {
        ids.add(recordKey(key, record) as string);
        for (const id of partIds(key, record)) ids.add(id);
      }
    }
    source.ids = ids;
  }
  return source.ids.has(id);
}
