// The operations of the API, as the spec lists them: the probes' map of what to call. Kept apart from the
// simulator's own endpoint table on purpose: a check of the simulator must not read its answers from it.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** The operationId of the OpenAPI document (version 1: `v1` and the version 2 id). */
  id: string;
  method: Method;
  /** Path template, `{name}` for a route id. */
  path: string;
  /** Query names required by name (R in the spec). */
  required: readonly string[];
  version: 1 | 2;
  /** The four credential endpoints take no bearer token. */
  anonymous: boolean;
}

const op = (id: string, method: Method, path: string, required: string[] = []): Operation => ({
  id,
  method,
  path,
  required,
  version: 2,
  anonymous: path.startsWith('/api/v2/token'),
});

export const V2_OPERATIONS: readonly Operation[] = [
  op('ping', 'GET', '/api/v2/ping'),
  op('issueToken', 'POST', '/api/v2/token'),
  op('refreshToken', 'POST', '/api/v2/token/refresh'),
  op('rotateSecret', 'POST', '/api/v2/token/rotate-secret'),
  op('rotateClientId', 'POST', '/api/v2/token/rotate-clientid'),
  op('listSites', 'GET', '/api/v2/sites'),
  op('getSite', 'GET', '/api/v2/sites/{id}'),
  op('listServices', 'GET', '/api/v2/services', ['siteId']),
  op('listProducts', 'GET', '/api/v2/products', ['siteId']),
  op('listPackages', 'GET', '/api/v2/packages', ['siteId', 'itemState', 'find']),
  op('listCourses', 'GET', '/api/v2/courses', ['siteId']),
  op('listMemberships', 'GET', '/api/v2/memberships', ['siteId']),
  op('listClasses', 'GET', '/api/v2/classes', ['siteId', 'start']),
  op('createClass', 'POST', '/api/v2/classes', ['siteId']),
  op('updateClass', 'PUT', '/api/v2/classes', ['classId']),
  op('listClassSchedules', 'GET', '/api/v2/classes/classschedules', ['siteId', 'classType', 'start', 'end']),
  op('listClassBookings', 'GET', '/api/v2/classes/classbookings', ['siteId', 'classType', 'start', 'end']),
  op('createClassBooking', 'POST', '/api/v2/classes/classbookings', ['siteId']),
  op('updateClassBooking', 'PUT', '/api/v2/classes/classbookings', ['classBookingId']),
  op('listAppointments', 'GET', '/api/v2/appointments', ['siteId', 'stateId', 'start', 'end', 'find', 'clientId']),
  op('createAppointment', 'POST', '/api/v2/appointments', ['siteId']),
  op('setAppointmentState', 'POST', '/api/v2/appointments/setstate', ['appointmentId', 'appointmentStateId']),
  op('getAppointment', 'GET', '/api/v2/appointments/{appointmentId}'),
  op('updateAppointment', 'PUT', '/api/v2/appointments/{appointmentId}'),
  op('deleteAppointment', 'DELETE', '/api/v2/appointments/{appointmentId}'),
  op('listAppointmentStates', 'GET', '/api/v2/appointmentstates'),
  op('getAvailableTimes', 'GET', '/api/v2/appointments/availabletimes', [
    'siteId',
    'day',
    'packageId',
    'clientId',
    'serviceSequence',
  ]),
  op('getAvailableTimesForCart', 'POST', '/api/v2/appointments/availabletimes', [
    'siteId',
    'day',
    'packageId',
    'clientId',
    'serviceSequence',
  ]),
  op('getAvailableDates', 'GET', '/api/v2/appointments/availabledates', ['siteId']),
  op('validateCart', 'POST', '/api/v2/appointments/validate', ['siteId']),
  op('listEmployees', 'GET', '/api/v2/employees', ['siteId']),
  op('listEmployeeSchedules', 'GET', '/api/v2/employees/schedules', ['siteId', 'start', 'end']),
  op('listTimeRecords', 'GET', '/api/v2/timerecords', ['siteId', 'start', 'end']),
  op('listClientCustomForms', 'GET', '/api/v2/clientcustomforms', ['siteId', 'start', 'end']),
  op('listClientAppointmentHistory', 'GET', '/api/v2/clients/appointmenthistory', [
    'clientId',
    'siteId',
    'start',
    'end',
  ]),
  op('listClients', 'GET', '/api/v2/clients', ['siteId']),
  op('createClient', 'POST', '/api/v2/clients', ['siteId']),
  op('updateClient', 'PUT', '/api/v2/clients', ['clientId']),
  op('getClient', 'GET', '/api/v2/clients/{id}'),
  op('clientEmailExists', 'GET', '/api/v2/clients/emailexists', ['siteId', 'email']),
  op('clientMobileExists', 'GET', '/api/v2/clients/mobileexists', ['siteId', 'mobile']),
  op('authenticateClient', 'GET', '/api/v2/clients/authenticate', ['clientId', 'email', 'password']),
  op('listClientContacts', 'GET', '/api/v2/clients/contacts', ['siteId']),
  op('registerWebhook', 'POST', '/api/v2/webhooks'),
  op('listWebhooks', 'GET', '/api/v2/webhooks'),
  op('deleteWebhook', 'DELETE', '/api/v2/webhooks/{webhookId}'),
  op('listVouchers', 'GET', '/api/v2/vouchers', ['siteId']),
  op('createVoucher', 'POST', '/api/v2/vouchers', ['siteId']),
  op('getVoucher', 'GET', '/api/v2/vouchers/{voucherId}'),
  op('updateVoucher', 'PUT', '/api/v2/vouchers/{voucherId}'),
  op(
    'patchClassPassAppointment',
    'PATCH',
    '/api/v2/classpass/{partner_id}/venues/{venue_id}/appointments/{appointment_id}',
  ),
  op('salesReport', 'GET', '/api/v2/reports/sales', ['start', 'end']),
  op('listAccountingDocuments', 'GET', '/api/v2/accountingdocuments', [
    'siteId',
    'clientDocuments',
    'start',
    'end',
    'find',
  ]),
  op('createAccountingDocument', 'POST', '/api/v2/accountingdocuments', ['siteId']),
  op('getAccountingDocument', 'GET', '/api/v2/accountingdocuments/{accountingDocumentId}'),
  op('updateAccountingDocument', 'PUT', '/api/v2/accountingdocuments/{accountingDocumentId}'),
  op('deleteAccountingDocument', 'DELETE', '/api/v2/accountingdocuments/{accountingDocumentId}'),
  op('listAccountingEntries', 'GET', '/api/v2/accountingentries', ['siteId', 'entryType', 'start', 'end', 'find']),
  op('createAccountingEntry', 'POST', '/api/v2/accountingentries', ['siteId']),
  op('getAccountingEntry', 'GET', '/api/v2/accountingentries/{accountingEntryId}'),
  op('updateAccountingEntry', 'PUT', '/api/v2/accountingentries/{accountingEntryId}'),
  op('deleteAccountingEntry', 'DELETE', '/api/v2/accountingentries/{accountingEntryId}'),
];

/** A version 2 path as version 1 serves it: no `v2` segment, class bookings one level up. */
export const v1PathOf = (path: string): string =>
  path.replace('/api/v2/', '/api/').replace('/api/classes/classbookings', '/api/classbookings');

const v1IdOf = (id: string): string => `v1${id[0]!.toUpperCase()}${id.slice(1)}`;

/** Version 1 serves every version 2 operation but the credential endpoints. */
export const V1_OPERATIONS: readonly Operation[] = V2_OPERATIONS.filter((o) => !o.anonymous).map((o) => ({
  ...o,
  id: v1IdOf(o.id),
  path: v1PathOf(o.path),
  version: 1 as const,
}));

export const OPERATIONS: readonly Operation[] = [...V2_OPERATIONS, ...V1_OPERATIONS];

const byId = new Map(OPERATIONS.map((o) => [o.id, o]));

export function operation(id: string): Operation {
  const found = byId.get(id);
  if (!found) throw new Error(`no operation '${id}'`);
  return found;
}
