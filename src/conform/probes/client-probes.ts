import { all, emptyBody, isGuid, jsonArray, jsonObject, status } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe, Seen } from '../probe.js';
import { rangeCapProbes } from './catalogue-probes.js';
import { stateProbes } from './item-states.js';
import { listProbe, pathOf, probe, type Query, UNKNOWN, type Version } from './probe-kit.js';

// Clients: the list and record, the existence checks, the password check, contacts and history.

const site =
  (...more: (readonly [string, string])[]) =>
  (ids: Ids): Query | undefined =>
    ids.siteId === undefined ? undefined : [['siteId', ids.siteId], ...more];

const bareGuid = (seen: Seen) => (isGuid(seen.json) ? undefined : `body ${seen.text}, expected a bare JSON Guid`);
const bareNull = (seen: Seen) => (seen.text.trim() === 'null' ? undefined : `body ${seen.text}, expected null`);

export function clientProbes(v: Version): Probe[] {
  const get = v.op('getClient');
  const email = v.op('clientEmailExists');
  const mobile = v.op('clientMobileExists');
  const authenticate = v.op('authenticateClient');
  const history = v.op('listClientAppointmentHistory');
  const historyQuery = (days: number) => (ids: Ids) =>
    ids.clientId && ids.siteId
      ? {
          path: history.path,
          query: [
            ['clientId', ids.clientId],
            ['siteId', ids.siteId],
            ['start', dayFrom(ids.now, -days)],
            ['end', dayFrom(ids.now, 0)],
          ] as Query,
          auth: v.auth,
        }
      : undefined;
  return [
    listProbe(v, 'listClients', 'listClients with siteId alone: a list', 'itemState, find, creationDate are O', site()),
    listProbe(
      v,
      'listClients',
      'listClients creationDate a year back: a list',
      'creationDate (optional) keeps clients created on or after it',
      (ids) => site(['creationDate', dayFrom(ids.now, -365)])(ids),
    ),
    ...stateProbes(v, 'listClients', site()),
    probe({
      name: v.name('getClient answers one client in full'),
      rule: 'GET clients/{id}: 200 Client (addresses, notes, account details), no siteId',
      op: get,
      build: (ids) => ids.clientId && { path: pathOf(get, ids.clientId), auth: v.auth },
      check: jsonObject(200, 'ClientId'),
    }),
    probe({
      name: v.name("clientEmailExists of a client's e-mail: a bare JSON Guid"),
      rule: 'GET clients/emailexists: 200 with a bare JSON Guid string, or the literal null',
      op: email,
      build: (ids) =>
        ids.siteId && ids.clientEmail
          ? {
              path: email.path,
              query: [
                ['siteId', ids.siteId],
                ['email', ` ${ids.clientEmail.toUpperCase()} `],
              ],
              auth: v.auth,
            }
          : undefined,
      check: all(status(200), bareGuid),
    }),
    probe({
      name: v.name('clientEmailExists of an unknown e-mail: null'),
      rule: 'GET clients/emailexists: the literal null when no Active client has it',
      op: email,
      build: (ids) =>
        ids.siteId && {
          path: email.path,
          query: [
            ['siteId', ids.siteId],
            ['email', 'nobody@conform.invalid'],
          ],
          auth: v.auth,
        },
      check: all(status(200), bareNull),
    }),
    probe({
      name: v.name("clientMobileExists of a client's mobile: a bare JSON Guid"),
      rule: 'GET clients/mobileexists: compared as text after trimming; a bare Guid string or null',
      op: mobile,
      build: (ids) =>
        ids.siteId && ids.clientMobile
          ? {
              path: mobile.path,
              query: [
                ['siteId', ids.siteId],
                ['mobile', ids.clientMobile],
              ],
              auth: v.auth,
            }
          : undefined,
      check: all(status(200), bareGuid),
    }),
    probe({
      name: v.name('clientMobileExists of an unknown mobile: null'),
      rule: 'GET clients/mobileexists: the literal null when no Active client has it',
      op: mobile,
      build: (ids) =>
        ids.siteId && {
          path: mobile.path,
          query: [
            ['siteId', ids.siteId],
            ['mobile', '000'],
          ],
          auth: v.auth,
        },
      check: all(status(200), bareNull),
    }),
    probe({
      name: v.name('authenticateClient with a wrong password: 401, empty body'),
      rule: 'GET clients/authenticate: 401 with an empty body for any failure; not a credential failure',
      op: authenticate,
      build: () => ({
        path: authenticate.path,
        query: [
          ['clientId', UNKNOWN],
          ['email', 'nobody@conform.invalid'],
          ['password', 'not-the-password'],
        ],
        auth: v.auth,
      }),
      check: emptyBody(401),
    }),
    listProbe(v, 'listClientContacts', 'listClientContacts with siteId alone: a list', 'Marketing list', site()),
    listProbe(
      v,
      'listClientContacts',
      'listClientContacts contactEmail=true: a list',
      'contactEmail, contactSms, contactPhone are O; true = accepted',
      site(['contactEmail', 'true']),
    ),
    ...stateProbes(v, 'listClientContacts', site()),
    probe({
      name: v.name('listClientAppointmentHistory over a month: a list'),
      rule: 'appointmenthistory: clientId, siteId, start, end all R',
      op: history,
      build: historyQuery(30),
      check: jsonArray(),
    }),
    ...rangeCapProbes(v, 'listClientAppointmentHistory', 730, historyQuery),
  ];
}
