import { availabilityEndpoints } from './appointments/availability-endpoints.js';
import { appointmentCrudEndpoints } from './appointments/crud-endpoints.js';
import { ping } from './auth/ping.js';
import { tokenEndpoints } from './auth/token-endpoints.js';
import { catalogueEndpoints } from './catalogue/endpoints.js';
import { appointmentHistoryEndpoint } from './clients/appointment-history-endpoint.js';
import { employeeEndpoints } from './employees/endpoints.js';
import type { Endpoint } from './http/endpoint.js';
import { siteEndpoints } from './sites/endpoints.js';

/** Every endpoint the simulator serves. Routing, parsing, allow-lists, throttling and the OpenAPI document all read this table. */
export const endpoints: readonly Endpoint[] = [
  ping,
  ...tokenEndpoints,
  ...siteEndpoints,
  ...catalogueEndpoints,
  ...appointmentCrudEndpoints,
  ...availabilityEndpoints,
  ...employeeEndpoints,
  appointmentHistoryEndpoint,
];
