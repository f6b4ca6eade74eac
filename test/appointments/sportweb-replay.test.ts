import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import type { Service } from '../../src/world/catalogue.js';
import { APPOINTMENT_STATE_IDS } from '../../src/world/diary.js';
import { call, EMPTY, FIXED_NOW } from '../helpers.js';
import { localDate, londonAccount, servicesAt } from './availability-fixtures.js';

// A public booking site built on the real service, replayed request by request through the
// simulator with the site's EXACT requests: github nestortkach/sportweb at commit 36d96ab. Its server
// (pages/api/handler.js) calls version 1 as `${API}${q}/?${createRoute(query)}`: the slash before
// `?`, query values not URL-encoded, the names in the site's casing (`SiteId`, `Email`, `Id`, `Day`,
// `Services[0]`), names the API does not declare (`CartItems=`), and the key in a `ChiDeskApiKey`
// header. Each test is named after the site's file that sends the requests; the bodies are built as
// its utilities/createRequestbodies.js builds them.

type Query = Record<string, string | number>;
type Path = Query & { q: string };
type Json = any;

/** utilities/helperFunctions.js createRoute: `key=value` joined by `&`, no encoding, `q` left out. */
function createRoute(paths: Path): string {
  const finalPath: string[] = [];
  for (const [key, value] of Object.entries(paths)) {
    if (key === 'q') continue;
    finalPath.push(`${key}=${value}`);
  }
  return finalPath.length === 0 ? '' : finalPath.join('&');
}

/** utilities/helperFunctions.js sha512: the lowercase hex SHA-512 of the UTF-8 text. */
const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/** utilities/helperFunctions.js createServicesIdsObj: `Services[<i>]` = the i-th service's id. */
const createServicesIdsObj = (services: readonly { ServiceId: string }[]) =>
  Object.fromEntries(services.map((s, i) => [`Services[${i}]`, s.ServiceId]));

/** utilities/helperFunctions.js formatDate and fixUTC: the day as `yyyy-MM-dd`; each row's times with `Z` added. */
const fixUTC = (rows: { Start: string; End: string }[]) => {
  for (const row of rows) {
    if (!row.Start.endsWith('Z')) row.Start += 'Z';
    if (!row.End.endsWith('Z')) row.End += 'Z';
  }
};

/** The site's own values (its .env and utilities/dataTemplates.js). */
const WEBSITE_SOURCE = 'f53b9fda-5a1a-4677-87f7-8eed2a533cfb';
const ALERTS = {
  allergies: [{ Name: 'Peanuts', AlertId: 'a2c475a1-b728-4425-aee0-dc2bce0a6541', Category: 'Allergies' }],
  medical: [
    { Name: 'Asthma', AlertId: 'c7bc09eb-3f76-490e-8bbc-4ac257aa8e16', Category: 'Medical' },
    { Name: 'Back Pain', AlertId: '73bb5115-77d9-4265-a05f-811ad43805a4', Category: 'Medical' },
  ],
};
/** The Booked state's id, hard-coded in createNewAppointmentBody. */
const BOOKED = '32d7ec12-54c4-4d48-8848-0f0613f1dc57';

interface Version {
  name: string;
  /** `NEXT_PUBLIC_CHIDESK_API`: the API's base, ending in a slash. */
  api: string;
  headers: (token: string) => Record<string, string>;
  auth: (token: string) => { token?: string };
}

/** The site's own: version 1 with ChiDeskApiKey; and the same requests on version 2 with a bearer token. */
const V1: Version = {
  name: 'version 1',
  api: '/api/',
  headers: () => ({ ChiDeskApiKey: DEMO_API_KEY, 'Access-Control-Allow-Origin': '*' }),
  auth: () => ({ token: undefined }),
};
const V2: Version = { name: 'version 2', api: '/api/v2/', headers: () => ({}), auth: (token) => ({ token }) };

let d: Awaited<ReturnType<typeof londonAccount>>;
let SITE: string;
beforeAll(async () => {
  d = await londonAccount();
  SITE = d.site.SiteId;
});

/**
 * pages/api/handler.js: one request as the site's server sends it, and what it hands its page: a
 * JSON string or null wrapped as `{value}`; a POST answer that is not JSON (validate's empty "all
 * available") as `{value: null}` for validate.
 */
async function handler(v: Version, method: 'GET' | 'POST', path: Path, body?: unknown) {
  const url = `${v.api}${path.q}/?${createRoute(path)}`;
  // The site's `Content-Type`, spelt as call() spells it so the header is sent once (names are case-insensitive).
  const headers = { ...v.headers(d.token), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) };
  const res = await call(d.sim, url, {
    method,
    headers,
    ...v.auth(d.token),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${url}: ${res.text}`).toBe(200);
  let json: Json;
  try {
    json = JSON.parse(res.text);
  } catch {
    if (path.q === 'appointments/validate') return { sent: { value: null }, res };
    throw new Error(`${method} ${url}: not JSON: ${res.text}`);
  }
  return { sent: typeof json === 'string' || !json ? { value: json } : json, res };
}

/** utilities/requests.js checkClientAlreadyExist. */
const checkClientAlreadyExist = async (v: Version, email: string) =>
  (await handler(v, 'GET', { q: 'clients/emailexists', SiteId: SITE, Email: email })).sent.value;

/** utilities/createRequestbodies.js createNewClientBody: the guest client, no Gender. */
const createNewClientBody = (email: string) => ({
  ClientId: EMPTY,
  State: 1,
  SiteId: SITE,
  FirstName: 'Grace',
  LastName: 'Guest',
  MobilePhone: '07700900456',
  Email: email,
  PhysicalAddress: { AddressId: EMPTY, Country: 'United Kingdom' },
  BillingAddress: { AddressId: EMPTY, Country: 'United Kingdom' },
  PostalAddress: { AddressId: EMPTY, Country: 'United Kingdom' },
});

/** utilities/createRequestbodies.js createRegisterBody: Gender, SourceId, addresses, Alerts, the SHA-512. */
function createRegisterBody(email: string, password: string) {
  const address = {
    AddressId: EMPTY,
    Country: 'United Kingdom',
    Street: '1 High Street',
    City: 'London',
    State: '',
    Code: 'N1 1AA',
  };
  const createAlerts = (alerts: { AlertId: string; Name: string; Category: string }[]) =>
    alerts.map((alert) => ({
      AlertId: alert.AlertId,
      Name: alert.Name,
      Category: alert.Category,
      SiteId: null,
      Selected: false,
    }));
  return {
    ClientId: EMPTY,
    State: 1,
    SiteId: SITE,
    FirstName: 'Ada',
    LastName: 'Byron',
    MobilePhone: '07700900123',
    Gender: 1,
    SourceId: WEBSITE_SOURCE,
    Email: email,
    AccountPassword: sha512(password),
    PhysicalAddress: { ...address },
    BillingAddress: { ...address },
    PostalAddress: { ...address },
    Alerts: [...createAlerts(ALERTS.allergies), ...createAlerts(ALERTS.medical)],
  };
}

interface Row {
  Start: string;
  End: string;
  Employees: { EmployeeId: string; FirstName: string; LastName: string }[];
  Resources: { ResourceId: string; Name: string }[];
}
interface SiteService {
  ServiceId: string;
  Name: string;
  Duration: number;
}
interface AppointmentInfo {
  services: SiteService[];
  date: Row;
}

/** utilities/createRequestbodies.js createValidationBody. */
function createValidationBody(info: AppointmentInfo) {
  let time = info.date.Start;
  return info.services.map((service, i) => {
    const start = time;
    const end = new Date(new Date(time).getTime() + service.Duration * 60000).toISOString();
    time = end;
    return {
      AppointmentServiceId: EMPTY,
      AppointmentId: EMPTY,
      ClientId: null,
      ServiceId: service.ServiceId,
      PackageId: null,
      PackageGroupId: null,
      Start: start,
      End: end,
      Description: service.Name,
      Employees: [{ EmployeeId: info.date.Employees[i]?.EmployeeId }],
      Resources: [{ ResourceId: info.date.Resources[i]?.ResourceId }],
    };
  });
}

/** utilities/createRequestbodies.js createNewAppointmentBody (with correctEmployeeData and correctResourcesData). */
function createNewAppointmentBody(info: AppointmentInfo, clientId: string) {
  let time = info.date.Start;
  const employees = info.date.Employees.map((e) => ({ ...e, firstName: 'Name', lastName: 'Name' }));
  const resources = info.date.Resources.map((r) => ({ ...r, Name: 'Name' }));
  return {
    AppointmentId: EMPTY,
    SiteId: SITE,
    ClientId: clientId,
    ClientEmail: null,
    ClientTypeId: null,
    AppointmentNumber: null,
    AppointmentStateId: BOOKED,
    Notes: 'Booked on the website',
    SourceId: null,
    UserId: null,
    SeriesId: null,
    AppointmentServices: info.services.map((service, i) => {
      const start = time;
      const end = new Date(new Date(time).getTime() + service.Duration * 60000).toISOString();
      time = end;
      return {
        AppointmentServiceId: randomUUID(),
        AppointmentId: EMPTY,
        ClientId: clientId,
        ServiceId: `${service.ServiceId}`,
        PackageId: null,
        PackageGroupId: null,
        Start: start,
        End: end,
        Description: `${service.Name}`,
        Employees: [employees[i]],
        Resources: [resources[i]],
      };
    }),
  };
}

/**
 * components/sections/SideBarService.jsx then SideBarDate.jsx: the services list, then the available
 * times of two services on a day (the first day and pair with an offer), with fixUTC applied.
 */
async function chooseTimes(v: Version): Promise<AppointmentInfo> {
  const listed = (await handler(v, 'GET', { q: 'services', SiteId: SITE })).sent as SiteService[];
  const bookable = new Set(servicesAt(d.world, SITE).map((s: Service) => s.ServiceId));
  const menu = listed.filter((s) => bookable.has(s.ServiceId));
  const pairs = menu.flatMap((a) => menu.filter((b) => b !== a).map((b) => [a, b]));
  for (let days = 1; days < 8; days++) {
    for (const services of pairs.slice(0, 30)) {
      const path = {
        q: 'Appointments/AvailableTimes',
        SiteId: SITE,
        Day: localDate(d.site, FIXED_NOW, days),
        PackageId: '',
        ClientId: '',
        CartItems: '',
        ServiceSequence: 1,
        ...createServicesIdsObj(services),
      };
      const rows = (await handler(v, 'GET', path)).sent as Row[];
      if (rows.length === 0) continue;
      fixUTC(rows);
      return { services, date: rows[0]! };
    }
  }
  throw new Error('no two services offered together in a week');
}

/** components/sections/SideBarConfirm.jsx createNewAppointment, for a guest with no account: the appointment id. */
async function guestBooking(v: Version, email: string) {
  const info = await chooseTimes(v);
  const clientExist = await checkClientAlreadyExist(v, email);
  expect(clientExist).toBeNull();
  const created = await handler(v, 'POST', { q: 'clients', SiteId: SITE }, createNewClientBody(email));
  const clientId = created.sent.Value as string;
  expect(created.sent.Message).toBe('ClientId');
  const validated = await handler(v, 'POST', { q: 'appointments/validate', SiteId: SITE }, createValidationBody(info));
  expect(validated.res.text).toBe('');
  expect(validated.sent.value).toBeNull();
  const body = createNewAppointmentBody(info, clientId);
  const booked = await handler(v, 'POST', { q: 'appointments', SiteId: SITE }, body);
  expect(booked.sent.Message).toBe('AppointmentId');
  return { appointmentId: booked.sent.Value as string, clientId, info, body };
}

describe('github nestortkach/sportweb, replayed exactly on version 1', () => {
  it('SideBarConfirm.jsx: guest booking: emailexists, a client without Gender, times, validate, the booking', async () => {
    const email = `guest.${randomUUID().slice(0, 8)}@example.com`;
    const { appointmentId, clientId, info, body } = await guestBooking(V1, email);
    // Read back through the site's handler (the site itself never reads an appointment): `appointments/<id>/?`.
    const appointment = (await handler(V1, 'GET', { q: `appointments/${appointmentId}` })).sent;
    expect(appointment).toMatchObject({ AppointmentId: appointmentId, ClientId: clientId, AppointmentStateId: BOOKED });
    expect(appointment.AppointmentServices.map((s: { ServiceId: string }) => s.ServiceId)).toEqual(
      info.services.map((s) => s.ServiceId),
    );
    appointment.AppointmentServices.forEach(
      (s: { AppointmentServiceId: string; Employees: { EmployeeId: string }[] }, i: number) => {
        expect(s.AppointmentServiceId).toBe(body.AppointmentServices[i]!.AppointmentServiceId);
        expect(s.Employees.map((e) => e.EmployeeId)).toEqual([info.date.Employees[i]!.EmployeeId]);
      },
    );
    const guest = (await handler(V1, 'GET', { q: 'clients', Id: clientId })).sent;
    expect(guest).toMatchObject({ Email: email, Gender: 0, AccountPassword: '', HasAccountPassword: false });
    // Booked: the same cart is no longer available.
    const again = await handler(V1, 'POST', { q: 'appointments/validate', SiteId: SITE }, createValidationBody(info));
    expect(again.sent.value).toBe(info.services.map((s) => s.Name).join(', '));
  });

  it('register.js: sign-up: emailexists, then the client with Gender, SourceId, addresses, Alerts and the SHA-512', async () => {
    const email = `ada.${randomUUID().slice(0, 8)}@example.com`;
    expect(await checkClientAlreadyExist(V1, email)).toBeNull();
    const body = createRegisterBody(email, 'correct horse battery staple');
    const newClient = (await handler(V1, 'POST', { q: 'clients', SiteId: SITE }, body)).sent;
    expect(newClient.Message).toBe('ClientId');
    expect(newClient.Value).toMatch(/^[0-9a-f-]{36}$/);
    expect(await checkClientAlreadyExist(V1, email)).toBe(newClient.Value);
    const client = (await handler(V1, 'GET', { q: 'clients', Id: newClient.Value })).sent;
    expect(client).toMatchObject({ Gender: 1, AccountPassword: body.AccountPassword, HasAccountPassword: true });
    expect(client.PhysicalAddress).toEqual({
      Street: '1 High Street',
      City: 'London',
      State: '',
      Code: 'N1 1AA',
      Country: 'United Kingdom',
    });
    expect(client.Alerts).toEqual(body.Alerts.map((a) => ({ ...a, SiteId: EMPTY })));
  });

  it('login.js: sign-in: emailexists gives the id, clients/?Id= the AccountPassword the SHA-512 is compared with', async () => {
    const email = `lin.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Tr0ub4dor&3';
    await handler(V1, 'POST', { q: 'clients', SiteId: SITE }, createRegisterBody(email, password));
    const clientId = await checkClientAlreadyExist(V1, email);
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    const client = (await handler(V1, 'GET', { q: 'clients', Id: clientId })).sent;
    expect(client.AccountPassword).toBe(sha512(password));
    expect(client.AccountPassword).not.toBe(sha512('wrong password'));
    // Version 2's sign-in takes the same password; it migrates the stored value to PBKDF2, after which
    // the site's own comparison fails (docs/guides/booking.md).
    const signIn = new URLSearchParams({ clientId, email, password });
    expect((await call(d, `/api/v2/clients/authenticate?${signIn}`)).status).toBe(200);
    const after = (await handler(V1, 'GET', { q: 'clients', Id: clientId })).sent.AccountPassword;
    expect(after.startsWith('$pbkdf2-sha256$')).toBe(true);
    expect(after).not.toBe(sha512(password));
  });

  it('authenticate.js and middleware.js: the signed-in client by clients/?Id=, and in clients/?SiteId=', async () => {
    const email = `auth.${randomUUID().slice(0, 8)}@example.com`;
    const id = (await handler(V1, 'POST', { q: 'clients', SiteId: SITE }, createRegisterBody(email, 'pw-123456'))).sent
      .Value;
    const client = (await handler(V1, 'GET', { q: 'clients', Id: id })).sent;
    expect(client).toMatchObject({ ClientId: id, Email: email, FirstName: 'Ada' });
    const clients = (await handler(V1, 'GET', { q: 'clients', SiteId: SITE })).sent as { ClientId: string }[];
    expect(clients.find((c) => c.ClientId === id)).toBeDefined();
    expect(clients.every((c) => !('AccountPassword' in c))).toBe(true);
  });

  it('LocationDropDown.jsx: sites/?SiteId= lists the sites with the Name and Country the page shows', async () => {
    const sites = (await handler(V1, 'GET', { q: 'sites', SiteId: SITE })).sent as Json[];
    expect(sites.length).toBeGreaterThan(0);
    const own = sites.find((s) => s.SiteId === SITE);
    expect(own).toMatchObject({ Name: d.site.Name, Country: 'United Kingdom' });
  });

  it('SideBarService.jsx: services/?SiteId= and, for a preselected service, with Find=<name> unencoded', async () => {
    const services = (await handler(V1, 'GET', { q: 'services', SiteId: SITE })).sent as SiteService[];
    expect(services.length).toBeGreaterThan(0);
    const wanted = services.find((s) => / /.test(s.Name) && !/[&#+%]/.test(s.Name))!;
    const found = (await handler(V1, 'GET', { q: 'services', SiteId: SITE, Find: wanted.Name })).sent;
    expect(found[0]).toMatchObject({ ServiceId: wanted.ServiceId, Name: wanted.Name });
  });
});

describe('github nestortkach/sportweb, the same flow on version 2 (bearer token)', () => {
  it('SideBarConfirm.jsx: guest booking books on version 2 with the same requests', async () => {
    const email = `v2.${randomUUID().slice(0, 8)}@example.com`;
    const { appointmentId, clientId } = await guestBooking(V2, email);
    const read = await call(d, `/api/v2/appointments/${appointmentId}`);
    expect(read.body).toMatchObject({ ClientId: clientId, AppointmentStateId: APPOINTMENT_STATE_IDS.Booked });
    expect((await call(d, `/api/v2/clients/${clientId}`)).body).toMatchObject({ Email: email, Gender: 0 });
  });
});
