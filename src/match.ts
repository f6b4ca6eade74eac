import type { Guid, SiteScoped } from './world/common.js';

// Filters the list endpoints share. User text is compared as text, never compiled into a pattern.

/** Records of the site, plus account-wide records (SiteId null), which belong to every site. */
export const inSite =
  (siteId: Guid | null) =>
  (record: SiteScoped): boolean =>
    record.SiteId === null || record.SiteId === siteId;

/** ItemStates match exactly; All (0) matches nothing. */
export const hasState =
  (state: number) =>
  (record: { State: number }): boolean =>
    state !== 0 && record.State === state;

const norm = (text: string) => text.trim().toLowerCase();

/** True when `find` searches for something: a blank one matches everything, so its texts need not be built. */
export const searches = (find: string): boolean => norm(find) !== '';

/** Case-insensitive contains over any of the texts; an empty search matches everything. */
export function containsAny(find: string, texts: readonly (string | null | undefined)[]): boolean {
  const needle = norm(find);
  return needle === '' || texts.some((t) => t?.toLowerCase().includes(needle));
}

/** Case-insensitive starts-with over any of the texts; an empty search matches everything. */
export function startsWithAny(find: string, texts: readonly (string | null | undefined)[]): boolean {
  const needle = norm(find);
  return needle === '' || texts.some((t) => t?.toLowerCase().startsWith(needle));
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Ordering by Name the way a database collation would: case-insensitive, ties by exact text. */
export function byName<T extends { Name: string }>(a: T, b: T): number {
  return collator.compare(a.Name, b.Name) || (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0);
}

/** The site and UTC range (epoch ms, both ends as sent) that most lists are asked for. */
export interface SiteRange {
  siteId: Guid;
  start: number;
  end: number;
}
