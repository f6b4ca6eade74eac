import createClient from 'openapi-fetch';
import type { paths } from '../../../test-output/client/api.js';

// Calls the generated types must refuse. typed-client.test.ts expects a compile error on exactly the
// lines whose trailing comment starts with "error:", and on no other line.

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
const siteId = '00000000-0000-0000-0000-000000000000';

export const calls = [
  client.GET('/api/v2/servicez', {}), // error: no such path
  client.GET('/api/v2/services', { params: { query: { siteID: siteId } } }), // error: misspelt parameter name
  client.GET('/api/v2/packages', { params: { query: { siteId, itemState: 'Active' } } }), // error: `find` left out
  client.GET('/api/v2/packages', { params: { query: { siteId, itemState: 'Current', find: '' } } }), // error: no such
  client.POST('/api/v2/token', { body: { clientId: 'demo-client', secret: 42 } }), // error: secret is a string
];
