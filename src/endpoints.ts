import { availabilityEndpoints } from './appointments/availability/endpoints.js';
import { appointmentCrudEndpoints } from './appointments/endpoints.js';
import { catalogueEndpoints } from './catalogue/endpoints.js';
import { classEndpoints } from './classes/endpoints.js';
import { clientEndpoints } from './clients/endpoints.js';
import { ping } from './connectivity/endpoints.js';
import { tokenEndpoints } from './credentials/endpoints.js';
import { employeeEndpoints } from './employees/endpoints.js';
import { clientCustomFormsEndpoint } from './forms/endpoints.js';
import type { Endpoint } from './http/endpoint.js';
import { partnerEndpoints } from './partner/endpoints.js';
import { reportEndpoints } from './reports/endpoints.js';
import { accountingDocumentEndpoints, accountingEntryEndpoints } from './sales/index.js';
import { siteEndpoints } from './sites/endpoints.js';
import { timeRecordsEndpoint } from './timerecords/endpoints.js';
import { v1Endpoints } from './versions/v1.js';
import { voucherEndpoints } from './vouchers/endpoints.js';
import { webhookEndpoints } from './webhooks/endpoints.js';

/** The version 2 endpoints, each declared once. */
export const v2Endpoints: readonly Endpoint[] = [
  ping,
  ...tokenEndpoints,
  ...siteEndpoints,
  ...catalogueEndpoints,
  ...classEndpoints,
  ...appointmentCrudEndpoints,
  ...availabilityEndpoints,
  ...employeeEndpoints,
  timeRecordsEndpoint,
  clientCustomFormsEndpoint,
  ...clientEndpoints,
  ...webhookEndpoints,
  ...voucherEndpoints,
  ...partnerEndpoints,
  ...reportEndpoints,
  ...accountingDocumentEndpoints,
  ...accountingEntryEndpoints,
];

/**
 * Every endpoint the simulator serves: version 2, then version 1 derived from it. Routing,
 * parsing, allow-lists, throttling and the OpenAPI document all read this table.
 */
export const endpoints: readonly Endpoint[] = [...v2Endpoints, ...v1Endpoints(v2Endpoints)];
