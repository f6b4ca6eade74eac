import createClient from 'openapi-fetch';
// Generated from openapi/openapi.json by `npm run client:types` (or by typed-client.test.ts) before this is checked.
import type { paths } from '../../../test-output/client/api.js';

// What an integrator writes with a client typed from the document alone: every path, parameter and
// answer below is checked against the generated `paths`. Each step is one call; add the next the same way.

export interface Credential {
  clientId: string;
  secret: string;
}

export interface FlowResult {
  siteId: string;
  /** The service and day the availability step asked about. */
  serviceId: string;
  day: string;
  counts: { sites: number; services: number; packages: number; availableTimes: number };
}

export async function runFlow(baseUrl: string, credential: Credential): Promise<FlowResult> {
  const client = createClient<paths>({ baseUrl });

  const token = ok(await client.POST('/api/v2/token', { body: credential }));
  const headers = { Authorization: `Bearer ${token.access_token}` };

  const sites = ok(await client.GET('/api/v2/sites', { params: { query: { state: 'Active' } }, headers }));
  const siteId = sites[0]?.SiteId;
  if (siteId === undefined) throw new Error('no active site');

  const services = ok(await client.GET('/api/v2/services', { params: { query: { siteId } }, headers }));
  const packages = ok(
    await client.GET('/api/v2/packages', { params: { query: { siteId, itemState: 'Active', find: '' } }, headers }),
  );

  // The first service with a bookable day in the coming weeks, and the times offered on that day.
  for (const service of services.slice(0, 10)) {
    const query = { siteId, services: [service.ServiceId], packages: [] };
    const dates = ok(await client.GET('/api/v2/appointments/availabledates', { params: { query }, headers }));
    const day = dates[0];
    if (day === undefined) continue;
    const times = ok(
      await client.GET('/api/v2/appointments/availabletimes', {
        params: {
          query: {
            siteId,
            day,
            services: [service.ServiceId],
            packageId: '',
            employeeIds: [],
            clientId: '',
            serviceSequence: 1,
          },
        },
        headers,
      }),
    );
    const counts = {
      sites: sites.length,
      services: services.length,
      packages: packages.length,
      availableTimes: times.length,
    };
    return { siteId, serviceId: service.ServiceId, day, counts };
  }
  throw new Error('no service with a bookable day');
}

/** The typed body of a 2xx answer; any other answer throws with its status and body. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${result.response.url}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}
