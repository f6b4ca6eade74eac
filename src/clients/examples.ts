import { DAY, formatDate, startOfDay } from '../datetime.js';
import type { World } from '../world/index.js';
import { isLegacyHash, SEEDED_CLIENT_PASSWORD } from '../world/passwords.js';
import { type ClientRecord, clientsOf } from './client.js';

// Example calls for the OpenAPI document, picked from the seeded world.

/** An Active client with an e-mail, a mobile and a current (PBKDF2) password: signs in with the seeded password. */
export function exampleClient(world: World): ClientRecord {
  const client = clientsOf(world).find(
    (c) =>
      c.State === 1 &&
      c.SiteId !== null &&
      c.Email !== '' &&
      c.MobilePhone !== '' &&
      c.PasswordHash !== null &&
      !isLegacyHash(c.PasswordHash),
  );
  if (!client) throw new Error('the world has no client with a password');
  return client;
}

export const emailExample = (world: World) => {
  const c = exampleClient(world);
  return { query: { siteId: c.SiteId ?? '', email: c.Email.toUpperCase() } };
};

export const mobileExample = (world: World) => {
  const c = exampleClient(world);
  return { query: { siteId: c.SiteId ?? '', mobile: c.MobilePhone } };
};

export const signInExample = (world: World) => {
  const c = exampleClient(world);
  return { query: { clientId: c.ClientId, email: c.Email, password: SEEDED_CLIENT_PASSWORD } };
};

/** A sign-up body: a new client with a password. */
export const newClientBody = () => ({
  ClientId: '00000000-0000-0000-0000-000000000000',
  FirstName: 'Jane',
  LastName: 'Smith',
  Email: 'jane.smith@example.com',
  MobilePhone: '07700 900123',
  Gender: 1,
  AccountPassword: 'correct horse battery staple',
  AcceptsMarketing: true,
  ContactEmail: true,
  ContactSms: false,
  ContactPhone: null,
});

/** A client with a billed appointment, over the year up to today. */
export function historyExample(world: World, now: number) {
  const billed = world.appointments.find((a) => a.InvoiceId !== null) ?? world.appointments[0];
  if (!billed) throw new Error('the world has no appointments');
  const today = startOfDay(now);
  return {
    query: {
      clientId: billed.ClientId,
      siteId: billed.SiteId,
      start: formatDate(today - 364 * DAY),
      end: formatDate(today + DAY),
    },
  };
}
