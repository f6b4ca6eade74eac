import { z } from 'zod';
import { isStored, notePlace, noteStep, placeOf } from './accounts/lineage.js';
import { type Collection, PART_KEYS } from './accounts/worlds.js';
import { formatDateTime, parseDateTime } from './datetime.js';
import { BODY_RULES, RECORD_RULES } from './errors/body-rules.js';
import { fieldName, type ModelStateErrors, notValidMessage, requiredMessage } from './errors/model-state.js';
import { isRelaxed, type Rule } from './errors/rules.js';
import type { Random } from './random.js';
import { EMPTY_GUID, type Guid } from './world/common.js';
import type { World } from './world/index.js';

// What every area's model shares about records: how a write changes a stored record, the checks of
// the ids a body names, and the value types of request bodies. New ids come from the account's id
// source (`account.random.guid()`, accounts/ids.ts); the empty Guid is EMPTY_GUID (world/common.ts).

// Stored records are frozen values (see accounts/changes.ts): a write adds, replaces or removes a
// record by giving its collection a new array. These are the only ways domain code changes one.

type RecordOf<K extends Collection> = World[K][number];

function setCollection<K extends Collection>(world: World, key: K, rows: readonly RecordOf<K>[]): void {
  (world as unknown as Record<string, unknown>)[key] = rows;
}

/**
 * Adds a record at the end of its collection (new records always go last, also when reloaded). A
 * collection already copied by the running write (not stored yet) is added to in place, so many
 * creates in one write copy it once; this append is the only change ever made to an array in place
 * (accounts/row-fold.ts relies on it).
 */
export function insertRecord<K extends Collection>(world: World, key: K, record: RecordOf<K>): RecordOf<K> {
  const rows = world[key] as readonly RecordOf<K>[];
  notePlace(record, rows.length);
  if (isStored(rows)) {
    // One copy of the exact size: a push after the copy would copy the array again to grow it.
    const copy = rows.concat([record]);
    noteStep(copy, { from: rows, kind: 'append', at: rows.length });
    setCollection(world, key, copy);
  } else (rows as RecordOf<K>[]).push(record);
  return record;
}

/**
 * A changeable copy of a stored record, put in the record's place at once: the caller edits it
 * within the running write, and the edit is kept (and persisted) when the write succeeds, undone
 * with the rest of the write when it is refused. Undefined (no record found) passes through. The
 * copy holds the stored record's list of parts (services, notes, line items) as it is, frozen: a
 * write replaces that list, never changes it in place, and a list of thousands is neither copied
 * nor read again for each id the write draws (accounts/worlds.ts `hasPartId`).
 */
export function editRecord<K extends Collection, R extends RecordOf<K> | undefined>(
  world: World,
  key: K,
  record: R,
): R {
  if (record === undefined) return record;
  const rows = world[key] as readonly RecordOf<K>[];
  const at = placeOf(rows, record);
  if (at < 0) throw new Error(`editRecord: the record is not in ${key}`);
  if (!Object.isFrozen(record)) return record;
  const parts = PART_KEYS[key]?.list;
  const stored = parts === undefined ? undefined : (record as unknown as Record<string, unknown>)[parts];
  const copy = structuredClone(parts === undefined ? record : { ...record, [parts]: [] }) as R & RecordOf<K>;
  if (parts !== undefined) (copy as unknown as Record<string, unknown>)[parts] = stored;
  const replaced = rows.concat();
  replaced[at] = copy;
  noteStep(replaced, { from: rows, kind: 'replace', at, removed: record });
  notePlace(copy, at);
  setCollection(world, key, replaced);
  return copy;
}

/** Removes a record from its collection; false when it is not there. */
export function removeRecord<K extends Collection>(world: World, key: K, record: RecordOf<K>): boolean {
  const rows = world[key] as readonly RecordOf<K>[];
  const at = placeOf(rows, record);
  if (at < 0) return false;
  const spliced = rows.toSpliced(at, 1);
  noteStep(spliced, { from: rows, kind: 'remove', at, removed: record });
  setCollection(world, key, spliced);
  return true;
}

// References: an id in a body or query that must name a record of the account. Every area answers
// the same model-state message for it, on the field that carried it.

/** `The <name> '<id>' does not exist.`: the name is the field's last segment (`Items[0].ServiceId` → `ServiceId`). */
export function checkReference(
  problems: ModelStateErrors,
  field: string,
  id: Guid,
  exists: boolean,
  rule: Rule,
): boolean {
  if (!exists) problems.add(field, referenceMessage(field, id), rule);
  return exists;
}

export const referenceMessage = (field: string, id: Guid): string => `The ${fieldName(field)} '${id}' does not exist.`;

/** A field the record cannot exist without: `The <name> field is required.`, as ASP.NET's [Required] says it. */
export function requireField(problems: ModelStateErrors, field: string, rule: Rule = BODY_RULES.fieldRequired): void {
  problems.add(field, requiredMessage(field), rule);
}

/** A site id must name a site of the account (any state). */
export function checkSite(world: World, siteId: Guid, field: string, problems: ModelStateErrors): boolean {
  return checkReference(
    problems,
    field,
    siteId,
    world.sites.some((s) => s.SiteId === siteId),
    RECORD_RULES.referenceExists,
  );
}

/** What a create needs besides its input: the account clock, its id source and the API user of the call. */
export interface WriteContext {
  now: number;
  random: Random;
  userId: Guid;
}

// Optional Guids: absent, null and the empty Guid all mean "none", in bodies as in queries.

/** An id that names something: neither absent, null nor the empty Guid. */
export const isGiven = (id: Guid | null | undefined): id is Guid => id != null && id !== EMPTY_GUID;

/** The id, or null for "none". */
export const idOrNull = (id: Guid | null | undefined): Guid | null => (isGiven(id) ? id : null);

/**
 * An answer row as a model builds it: the Guid fields named `K` (at any depth) may be null for
 * "none", which the answer carries as the empty Guid (http/empty-guids.ts encodes it).
 */
export type WithNoneIds<T, K extends PropertyKey> = T extends readonly (infer U)[]
  ? WithNoneIds<U, K>[]
  : T extends object
    ? { [P in keyof T]: P extends K ? T[P] | null : WithNoneIds<T[P], K> }
    : T;

// Value types of request bodies, bound the way the query binds them.
/**
 * Text of at most `max` characters, with the model-state message ASP.NET's StringLength gives, under
 * the body rule of text lengths: an account that relaxes it keeps longer text whole.
 */
export const text = (max: number, rule: Rule = BODY_RULES.textLength) =>
  z
    .string()
    .check((ctx) => {
      if (ctx.value.length <= max || isRelaxed(rule)) return;
      ctx.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: ctx.value,
        message: `The field must be a string with a maximum length of ${max}.`,
        params: { rule },
      });
    })
    .meta({ maxLength: max });

/** A Byte enumeration: only the listed numbers, like ASP.NET refusing an undefined enum value. */
export const byteEnum = <const V extends readonly [number, ...number[]]>(name: string, values: V) =>
  z.literal(values, { error: (issue) => notValidMessage(String(issue.input), name) });

/** A Guid in a body, any case, kept lowercase. */
export const bodyGuid = z.guid().transform((id) => id.toLowerCase());

/** A UTC DateTime in a body (`yyyy-MM-dd HH:mm`, a date alone, or ISO 8601 with Z), kept as `yyyy-MM-dd HH:mm`. */
export const bodyDateTime = z
  .string()
  .meta({ description: 'UTC `yyyy-MM-dd HH:mm`.', examples: ['2026-03-21 10:00'] })
  .transform((text, ctx) => {
    const ms = parseDateTime(text);
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: notValidMessage(text, 'DateTime') });
      return z.NEVER;
    }
    return formatDateTime(ms);
  });

/** A Guid that may be sent as null, '' or the empty Guid for "none" (null); left out stays undefined. */
export const optionalBodyGuid = z
  .union([z.guid(), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '' ? null : idOrNull(v?.toLowerCase())));
