import { formatDateTime } from '../datetime.js';
import { hasState, inSite, startsWithAny } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { byLastThenFirstName, searchTexts } from './order.js';
import { clientsOf } from './record.js';
import type { ClientListRow } from './schemas.js';
import { clientListRow } from './views.js';

export interface ClientListQuery {
  siteId: Guid;
  itemState: number;
  find: string;
  /** Epoch ms; null = no filter. */
  creationDate: number | null;
}

/**
 * The site's clients plus account-wide ones, in the state asked for, whose name, code, e-mail,
 * mobile or membership number starts with `find`, created on or after `creationDate`.
 */
export function listClients(world: World, q: ClientListQuery): ClientListRow[] {
  // CreationDate is stored as `yyyy-MM-dd HH:mm`, which sorts as text in time order.
  const since = q.creationDate === null ? '' : formatDateTime(q.creationDate);
  return clientsOf(world)
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((c) => c.CreationDate >= since && startsWithAny(q.find, searchTexts(c)))
    .sort(byLastThenFirstName)
    .map(clientListRow);
}
