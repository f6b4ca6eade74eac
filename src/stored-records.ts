import type { Collection } from './accounts/worlds.js';
import type { ModelStateErrors } from './http/model-state.js';
import type { Guid } from './world/common.js';
import type { World } from './world/index.js';

// Stored records are frozen values (see accounts/changes.ts): a write adds, replaces or removes a
// record by giving its collection a new array. These are the only ways domain code changes one.

type RecordOf<K extends Collection> = World[K][number];

function setCollection<K extends Collection>(world: World, key: K, rows: readonly RecordOf<K>[]): void {
  (world as unknown as Record<string, unknown>)[key] = rows;
}

/** Adds a record at the end of its collection (new records always go last, also when reloaded). */
export function insertRecord<K extends Collection>(world: World, key: K, record: RecordOf<K>): RecordOf<K> {
  setCollection(world, key, [...(world[key] as readonly RecordOf<K>[]), record]);
  return record;
}

/**
 * A changeable copy of a stored record, put in the record's place at once: the caller edits it
 * within the running write, and the edit is kept (and persisted) when the write succeeds, undone
 * with the rest of the write when it is refused. Undefined (no record found) passes through.
 */
export function editRecord<K extends Collection, R extends RecordOf<K> | undefined>(
  world: World,
  key: K,
  record: R,
): R {
  if (record === undefined) return record;
  const rows = world[key] as readonly RecordOf<K>[];
  const at = rows.indexOf(record);
  if (at < 0) throw new Error(`editRecord: the record is not in ${key}`);
  if (!Object.isFrozen(record)) return record;
  const copy = structuredClone(record) as R & RecordOf<K>;
  setCollection(world, key, rows.with(at, copy));
  return copy;
}

/**
 * A site id must name a site of the account: otherwise the model-state error on `field`, with the
 * one message every area gives. Answers whether it does.
 */
export function checkSite(world: World, siteId: Guid, field: string, problems: ModelStateErrors): boolean {
  const found = world.sites.some((s) => s.SiteId === siteId);
  if (!found) problems.add(field, `The site '${siteId}' does not exist.`);
  return found;
}

/** Removes a record from its collection; false when it is not there. */
export function removeRecord<K extends Collection>(world: World, key: K, record: RecordOf<K>): boolean {
  const rows = world[key] as readonly RecordOf<K>[];
  const at = rows.indexOf(record);
  if (at < 0) return false;
  setCollection(world, key, rows.toSpliced(at, 1));
  return true;
}
