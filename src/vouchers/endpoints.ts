import { atSite } from '../examples.js';
import { findParam, itemStateParam, siteIdParam } from '../http/common-params.js';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { guid, routeGuid } from '../http/params.js';
import { reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import { newVoucherBody, redeemedVoucher } from './examples.js';
import { VoucherInput, VoucherListSchema, VoucherSchema } from './schemas.js';
import { createVoucher, listVouchers, updateVoucher, voucherDetail } from './voucher.js';

const vouchers = endpointGroup('Vouchers');

/** GET and POST /vouchers, GET and PUT /vouchers/{voucherId}. */
export const voucherEndpoints = [
  vouchers.get('/api/v2/vouchers', {
    operationId: 'listVouchers',
    summary: "List a site's vouchers and gift cards with their balances; shared vouchers are included.",
    description:
      '`find` is a case-insensitive starts-with match over voucher number, recipient and barcode: a scanned ' +
      'barcode goes here. Vouchers not tied to a site (SiteId null) are returned for every siteId. Balance is ' +
      'the amount less the entries that redeemed the voucher. Ordered by voucher number.',
    cacheable: true,
    query: {
      siteId: siteIdParam(),
      itemState: itemStateParam(),
      find: findParam('voucher number, recipient and barcode', 'starts-with'),
    },
    response: listAnswer('Vouchers, ordered by voucher number.', VoucherListSchema),
    errors: { 400: 'A malformed siteId or itemState.' },
    example: atSite,
    handler: ({ account, query }) => reply.json(listVouchers(account.world, query)),
  }),
  vouchers.get('/api/v2/vouchers/{voucherId}', {
    operationId: 'getVoucher',
    summary: 'One voucher with its balance and redemptions; any site, no siteId.',
    description:
      'Balance and Redemptions are read from the accounting entries whose VoucherId is this voucher, so a new or ' +
      'deleted redemption shows at once.',
    cacheable: true,
    route: { voucherId: routeGuid('Voucher id.') },
    response: recordOrNull('voucher', VoucherSchema),
    example: (world) => ({ route: { voucherId: redeemedVoucher(world).VoucherId } }),
    handler: ({ account, route }) => reply.json(voucherDetail(account.world, route.voucherId)),
  }),
  vouchers.post('/api/v2/vouchers', {
    operationId: 'createVoucher',
    summary: 'Issue a voucher or gift card.',
    description:
      'The body SiteId must equal the query siteId (the empty Guid on both = a shared voucher). ExpiryDate and ' +
      'Amount are required; Amount is authoritative and the numeric `Value` is read only when Amount is left ' +
      'out. VoucherNumber must be unique among the vouchers of that site (duplicate: 400 model state on ' +
      '`VoucherNumber`); blank or left out, the next number of the series is issued (GV… vouchers, GC… gift ' +
      'cards). ActivationDate defaults to now.',
    query: {
      siteId: guid({
        description: 'Site the voucher belongs to; the empty Guid = shared. Must equal the body SiteId.',
      }),
    },
    body: { schema: VoucherInput, required: true, description: 'The voucher; VoucherId empty.' },
    response: writeResultAnswer('VoucherId', 'the new id'),
    errors: {
      400:
        'No body, a SiteId that differs from the query siteId, a duplicate VoucherNumber, no ExpiryDate or Amount, ' +
        'or a malformed field.',
    },
    example: (world) => {
      const { query } = atSite(world);
      return { query, body: newVoucherBody(query.siteId) };
    },
    handler: ({ account, query, body, now }) =>
      writeResult('VoucherId', createVoucher(account.world, query.siteId, body, now, account.random).VoucherId),
  }),
  vouchers.put('/api/v2/vouchers/{voucherId}', {
    operationId: 'updateVoucher',
    summary: 'Update a voucher: the route id selects it; the body SiteId is mandatory.',
    description:
      'Without a body SiteId the answer is 500 (as the real service fails). VoucherNumber uniqueness is NOT ' +
      'checked on update. Sent fields overwrite, fields left out keep their value. An id naming no voucher is a ' +
      '400 `Record does not exist.`.',
    route: { voucherId: routeGuid('Voucher to update.') },
    body: { schema: VoucherInput, required: true, description: 'The fields to write; SiteId always.' },
    response: writeResultAnswer('VoucherId', 'the route id'),
    errors: {
      400: 'No body, an unknown voucher (`Record does not exist.`), a SiteId naming no site, or a malformed field.',
      500: 'The body has no SiteId.',
    },
    example: (world) => {
      const v = redeemedVoucher(world);
      return {
        route: { voucherId: v.VoucherId },
        body: {
          SiteId: v.SiteId ?? '00000000-0000-0000-0000-000000000000',
          Notes: 'Extended as a goodwill gesture',
          ExpiryDate: '2027-06-30 23:59',
        },
      };
    },
    handler: ({ account, route, body }) =>
      writeResult('VoucherId', updateVoucher(account.world, route.voucherId, body).VoucherId),
  }),
];
