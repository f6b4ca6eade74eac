/** 36-character lowercase GUID string. */
export type Guid = string;
/** UTC `yyyy-MM-dd HH:mm`. */
export type DateTimeText = string;
/** ItemStates as stored on records: Active = 1, Inactive = 2. */
export type ItemState = 1 | 2;

export const EMPTY_GUID: Guid = '00000000-0000-0000-0000-000000000000';

/** Records that belong to one site, or (SiteId null) to the whole account. */
export interface SiteScoped {
  SiteId: Guid | null;
}
