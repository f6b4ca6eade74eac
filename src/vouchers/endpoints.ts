import { z } from 'zod';
import { findParam, itemStateParam, siteIdParam } from '../http/common-params.js';
import { defineEndpoint } from '../http/endpoint.js';
import { guid, routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { WriteResultSchema, writeResult } from '../http/write-result.js';
import { createVoucher } from './create.js';
import { atSite, newVoucherBody, redeemedVoucher } from './examples.js';
import { VoucherInput } from './input.js';
import { listVouchers } from './list.js';
import { findVoucher } from './record.js';
import { VoucherListSchema, VoucherSchema } from './schemas.js';
import { updateVoucher } from './update.js';
import { voucherAnswer } from './views.js';

const tag = 'Vouchers';
const allowListLine = 'api/v2/vouchers';

/** GET and POST /vouchers, GET and PUT /vouchers/{voucherId}. */
export const voucherEndpoints = [
  defineEndpoint({
    operationId: 'listVouchers',
    method: 'GET',
    path: '/api/v2/vouchers',
    tag,
    summary: "List a site's vouchers and gift cards with their balances; shared vouchers are included.",
    description:
      '`find` is a case-insensitive starts-with match over voucher number, recipient and barcode: a scanned barcode goes here. Vouchers not tied to a site (SiteId null) are returned for every siteId. Balance is the amount less the entries that redeemed the voucher. Ordered by voucher number.',
    auth: 'bearer',
    cacheable: true,
    allowListLine,
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam('voucher number, recipient and barcode', 'starts-with'),
    },
    response: { description: 'Vouchers, ordered by voucher number.', schema: z.array(VoucherListSchema) },
    errors: { 400: 'A malformed siteId or itemState.' },
    example: atSite,
    handler: ({ account, query }) => reply.json(listVouchers(account.world, query)),
  }),
  defineEndpoint({
    operationId: 'getVoucher',
    method: 'GET',
    path: '/api/v2/vouchers/{voucherId}',
    tag,
    summary: 'One voucher with its balance and redemptions; any site, no siteId.',
    description: 'Balance and Redemptions are read from the accounting entries whose VoucherId is this voucher, so a new or deleted redemption shows at once.',
    auth: 'bearer',
    cacheable: true,
    route: { voucherId: routeGuid('Voucher id.') },
    response: { description: 'The voucher, or `null` when the account has none with that id.', schema: VoucherSchema.nullable() },
    errors: { 404: 'The id is not a well-formed Guid (the route does not match).' },
    example: (world) => ({ route: { voucherId: redeemedVoucher(world).VoucherId } }),
    handler: ({ account, route }) => {
      const voucher = findVoucher(account.world, route.voucherId);
      return reply.json(voucher ? voucherAnswer(account.world, voucher) : null);
    },
  }),
  defineEndpoint({
    operationId: 'createVoucher',
    method: 'POST',
    path: '/api/v2/vouchers',
    tag,
    summary: 'Issue a voucher or gift card.',
    description:
      'The body SiteId must equal the query siteId (the empty Guid on both = a shared voucher). ExpiryDate and Amount are required; Amount is authoritative and the numeric `Value` is read only when Amount is left out. VoucherNumber must be unique among the vouchers of that site (duplicate: 400 model state on `VoucherNumber`); blank or left out, the next number of the series is issued (GV… vouchers, GC… gift cards). ActivationDate defaults to now.',
    auth: 'bearer',
    allowListLine,
    query: { siteId: guid({ description: 'Site the voucher belongs to; the empty Guid = shared. Must equal the body SiteId.' }) },
    body: { schema: VoucherInput, required: true, description: 'The voucher; VoucherId empty.' },
    response: { description: 'Write result: Message `VoucherId`, Value the new id.', schema: WriteResultSchema },
    errors: { 400: 'No body, a SiteId that differs from the query siteId, a duplicate VoucherNumber, no ExpiryDate or Amount, or a malformed field.' },
    example: (world) => {
      const { query } = atSite(world);
      return { query, body: newVoucherBody(query.siteId) };
    },
    handler: ({ account, query, body, now }) =>
      writeResult('VoucherId', createVoucher(account.world, query.siteId, body, now, account.random).VoucherId),
  }),
  defineEndpoint({
    operationId: 'updateVoucher',
    method: 'PUT',
    path: '/api/v2/vouchers/{voucherId}',
    tag,
    summary: 'Update a voucher: the route id selects it; the body SiteId is mandatory.',
    description:
      'Without a body SiteId the answer is 500 (as the real service fails). VoucherNumber uniqueness is NOT checked on update. Sent fields overwrite, fields left out keep their value. An id naming no voucher is a 400 `Record does not exist.`.',
    auth: 'bearer',
    route: { voucherId: routeGuid('Voucher to update.') },
    body: { schema: VoucherInput, required: true, description: 'The fields to write; SiteId always.' },
    response: { description: 'Write result: Message `VoucherId`, Value the route id.', schema: WriteResultSchema },
    errors: {
      400: 'No body, an unknown voucher (`Record does not exist.`), a SiteId naming no site, or a malformed field.',
      404: 'The id is not a well-formed Guid (the route does not match).',
      500: 'The body has no SiteId.',
    },
    example: (world) => {
      const v = redeemedVoucher(world);
      return { route: { voucherId: v.VoucherId }, body: { SiteId: v.SiteId ?? '00000000-0000-0000-0000-000000000000', Notes: 'Extended as a goodwill gesture', ExpiryDate: '2027-06-30 23:59' } };
    },
    handler: ({ account, route, body }) => writeResult('VoucherId', updateVoucher(account.world, route.voucherId, body).VoucherId),
  }),
];
