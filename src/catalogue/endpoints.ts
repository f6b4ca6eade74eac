import { atSite } from '../examples.js';
import { findParam, itemStateParam, requiredItemStateParam, siteIdParam } from '../http/common-params.js';
import { endpointGroup, listAnswer } from '../http/endpoint.js';
import { boolean, string } from '../http/params.js';
import { reply } from '../http/reply.js';
import { firstActiveSiteId } from '../sites/lookup.js';
import { listCourses, listMemberships, listPackages, listProducts, listServices } from './lists.js';
import {
  CourseListSchema,
  MembershipListSchema,
  PackageListSchema,
  ProductListSchema,
  ServiceListSchema,
} from './schemas.js';

const catalogue = endpointGroup('Catalogue');

const common = { cacheable: true } as const;

/** The query of most lists: a site, a state, and a contains search over the named fields. */
const listQuery = (over: string) => ({
  siteId: siteIdParam(),
  itemState: itemStateParam(),
  find: findParam(over, 'contains'),
});

export const catalogueEndpoints = [
  catalogue.get('/api/v2/services', {
    ...common,
    operationId: 'listServices',
    summary: 'List services on the price list; package-only component services are hidden by default.',
    query: {
      ...listQuery('name, code and category'),
      showPackageServices: boolean({
        default: false,
        description: 'Include services sold only as components of packages (hidden by default).',
      }),
    },
    response: listAnswer('Services, ordered by name.', ServiceListSchema),
    example: atSite,
    handler: ({ account, query }) => reply.json(listServices(account.world, query)),
  }),
  catalogue.get('/api/v2/products', {
    ...common,
    operationId: 'listProducts',
    summary: 'List products with cost and quantity at the site; one call per allowSale value.',
    query: {
      ...listQuery('name, code and barcode'),
      allowSale: boolean({
        default: false,
        description:
          'false (default) returns only products NOT flagged for sale; true returns only those flagged for sale. ' +
          'There is no way to get both in one call.',
      }),
    },
    response: listAnswer('Products, ordered by name.', ProductListSchema),
    example: (world) => ({ query: { siteId: firstActiveSiteId(world), allowSale: 'true' } }),
    handler: ({ account, query }) => reply.json(listProducts(account.world, query)),
  }),
  catalogue.get('/api/v2/packages', {
    ...common,
    operationId: 'listPackages',
    summary: 'List packages; siteId, itemState and find must all be sent by name (404 otherwise).',
    query: {
      siteId: siteIdParam(),
      itemState: requiredItemStateParam(),
      find: string({
        description: 'Free text, contains match (case-insensitive) over name, code and barcode. Send empty for none.',
      }),
    },
    response: listAnswer('Packages with their services, ordered by name.', PackageListSchema),
    example: (world) => ({ query: { siteId: firstActiveSiteId(world), itemState: 'Active', find: '' } }),
    handler: ({ account, query }) => reply.json(listPackages(account.world, query)),
  }),
  catalogue.get('/api/v2/courses', {
    ...common,
    operationId: 'listCourses',
    summary: "List courses on the price list (not a client's purchases).",
    query: listQuery('name, code, category and barcode'),
    response: listAnswer('Courses, ordered by name.', CourseListSchema),
    example: atSite,
    handler: ({ account, query }) => reply.json(listCourses(account.world, query)),
  }),
  catalogue.get('/api/v2/memberships', {
    ...common,
    operationId: 'listMemberships',
    summary: 'List memberships.',
    query: listQuery('name and code'),
    response: listAnswer('Memberships, ordered by name.', MembershipListSchema),
    example: atSite,
    handler: ({ account, query }) => reply.json(listMemberships(account.world, query)),
  }),
];
