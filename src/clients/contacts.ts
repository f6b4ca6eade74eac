import { containsAny, hasState, inSite } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { byLastThenFirstName, searchTexts } from './order.js';
import { clientsOf } from './record.js';
import type { ClientContactRow } from './schemas.js';
import { clientContactRow } from './views.js';

export interface ContactQuery {
  siteId: Guid;
  itemState: number;
  find: string;
  /** Per channel: null = ignore the channel, true = accepted, false = explicitly declined. */
  contactEmail: boolean | null;
  contactSms: boolean | null;
  contactPhone: boolean | null;
}

/** A channel filter: `false` asks for an explicit refusal, so a never-asked (null) channel does not match it. */
const channel = (wanted: boolean | null, value: boolean | null) => wanted === null || value === wanted;

/** The marketing list: only clients who agreed to marketing, whatever the channel filters say. */
export function listContacts(world: World, q: ContactQuery): ClientContactRow[] {
  return clientsOf(world)
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((c) => c.AcceptsMarketing)
    .filter(
      (c) =>
        channel(q.contactEmail, c.ContactEmail) &&
        channel(q.contactSms, c.ContactSms) &&
        channel(q.contactPhone, c.ContactPhone),
    )
    .filter((c) => containsAny(q.find, searchTexts(c)))
    .sort(byLastThenFirstName)
    .map(clientContactRow);
}
