import type { z } from 'zod';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { ItemStates } from '../http/enums.js';
import { enumeration, routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { byName, hasState } from '../match.js';
import type { Site } from '../world/sites.js';
import { firstActiveSiteId } from './lookup.js';
import { SiteListSchema, SiteSchema } from './schemas.js';

const sites = endpointGroup('Sites');

const listRow = (s: Site): z.infer<typeof SiteListSchema> => ({
  SiteId: s.SiteId,
  Name: s.Name,
  State: s.State,
  TimeZone: s.TimeZone,
  Phone: s.Phone,
  Email: s.Email,
  Street: s.Address.Street,
  City: s.Address.City,
  Code: s.Address.Code,
  Country: s.Address.Country,
});

const detail = (s: Site): z.infer<typeof SiteSchema> => ({
  ...listRow(s),
  Website: s.Website,
  Address: s.Address,
  TradingHours: s.TradingHours,
});

export const siteEndpoints = [
  sites.get('/api/v2/sites', {
    operationId: 'listSites',
    summary: 'List the sites (branches) of the account; account-wide, no siteId.',
    cacheable: true,
    query: {
      state: enumeration(ItemStates, {
        typeName: 'ItemStates',
        default: ItemStates.Active,
        description: 'Site state, by name or number: Active = 1, Inactive = 2; All = 0 returns an empty list.',
      }),
    },
    response: listAnswer(
      'Sites in the state, ordered by name; each row carries its address flat (Street, City, Code, Country).',
      SiteListSchema,
    ),
    errors: {},
    example: () => ({ query: { state: 'Active' } }),
    handler: ({ account, query }) =>
      reply.json(account.world.sites.filter(hasState(query.state)).sort(byName).map(listRow)),
  }),
  sites.get('/api/v2/sites/{id}', {
    operationId: 'getSite',
    summary: 'One site with address, contact details, trading hours and time zone.',
    cacheable: true,
    route: { id: routeGuid('Site id.') },
    response: recordOrNull('site', SiteSchema),
    example: (world) => ({ route: { id: firstActiveSiteId(world) } }),
    handler: ({ account, route }) => {
      const site = account.world.sites.find((s) => s.SiteId === route.id);
      return reply.json(site ? detail(site) : null);
    },
  }),
];
