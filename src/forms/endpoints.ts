import { lastWeek } from '../examples.js';
import { rangeParams } from '../http/common-params.js';
import { endpointGroup, listAnswer } from '../http/endpoint.js';
import { guid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import { listClientCustomForms } from './client-forms.js';
import { ClientCustomFormSchema } from './schemas.js';

const customForms = endpointGroup('Client custom forms');

export const clientCustomFormsEndpoint = customForms.get('/api/v2/clientcustomforms', {
  operationId: 'listClientCustomForms',
  summary: 'Forms clients filled in at a site, with their answers, captured in a date range (no range cap).',
  description:
    'Matched on CaptureDate: at or after `start` and at or before `end` widened by one day, so the same date as ' +
    'start and end returns that whole day. No range cap. Ordered by CaptureDate.',
  cacheable: true,
  query: {
    siteId: guid({ description: 'Site where the forms were captured.' }),
    ...rangeParams('Range start (UTC), inclusive.', 'Range end (UTC); widened by one day before the query.'),
  },
  response: listAnswer('Captured forms with their answers, ordered by CaptureDate.', ClientCustomFormSchema),
  errors: { 400: 'A value is malformed, or start or end is empty.' },
  // Forms are captured before treatments already given, so the example looks back a week, at the
  // site of the latest form captured.
  example: (world, now) => {
    const latest = world.clientCustomForms.reduce<(typeof world.clientCustomForms)[number] | undefined>(
      (best, f) => (best === undefined || f.CaptureDate > best.CaptureDate ? f : best),
      undefined,
    );
    return { query: { siteId: latest?.SiteId ?? firstActiveSiteId(world), ...lastWeek(now) } };
  },
  handler: ({ account, query }) => reply.json(listClientCustomForms(account.world, query)),
});
