import { clientWithId } from '../client-keys.js';
import { utcMs } from '../datetime.js';
import { widenedEnd } from '../errors/range.js';
import type { SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { ClientCustomForm } from '../world/forms.js';
import type { World } from '../world/index.js';
import type { ClientCustomFormRow } from './schemas.js';

const byCaptureDate = orderBy<ClientCustomForm>(
  (f) => f.CaptureDate,
  (f) => f.ClientCustomFormId,
);

/** Forms belong to the site they were captured at, so an empty siteId (the empty Guid) matches nothing. */
export function listClientCustomForms(world: World, q: SiteRange): ClientCustomFormRow[] {
  const last = widenedEnd(q.end);
  const formNames = new Map(world.customForms.map((f) => [f.CustomFormId, f.Name]));
  const clients = { get: (id: Guid) => clientWithId(world.clients, id) };
  return world.clientCustomForms
    .filter((f) => f.SiteId === q.siteId)
    .filter((f) => {
      const captured = utcMs(f.CaptureDate);
      return captured >= q.start && captured <= last;
    })
    .sort(byCaptureDate)
    .map((f) => ({
      ClientCustomFormId: f.ClientCustomFormId,
      CustomFormId: f.CustomFormId,
      FormName: formNames.get(f.CustomFormId) ?? '',
      ClientId: f.ClientId,
      ClientFirstName: clients.get(f.ClientId)?.FirstName ?? '',
      ClientLastName: clients.get(f.ClientId)?.LastName ?? '',
      SiteId: f.SiteId,
      CaptureDate: f.CaptureDate,
      Answers: f.Answers.map((a) => ({ Question: a.Question, Answer: a.Answer })),
    }));
}
