import { createHash } from 'node:crypto';
import { addMonths, DAY, MINUTE, utcText } from '../datetime.js';
import type { Membership } from './catalogue.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import { AddressMaker, EMPTY_ADDRESS, mobileNumber, slug } from './contact.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import { pbkdf2Hash, SEEDED_CLIENT_PASSWORD, sha1LegacyHash } from './passwords.js';
import type { Rng } from './seeded-faker.js';
import type { Address } from './sites.js';
import type { Country, SiteInfo } from './sites-gen.js';
import { type Steps, sortInSteps } from './steps.js';

/** ClientNoteType: General = 1, Appointment = 2, Invoice = 3, Medical = 4. */
export type ClientNoteType = 1 | 2 | 3 | 4;

export interface ClientNote {
  ClientNoteId: Guid;
  ClientId: Guid;
  ClientNoteType: ClientNoteType;
  Body: string;
  Category: string;
}

/**
 * Gender: Female = 1, Male = 2; 0 for a client created without one (ASP.NET binds a Byte left out
 * as 0). Seeded clients always have 1 or 2.
 */
export type Gender = 0 | 1 | 2;

/**
 * An alert on a client (an allergy, a medical condition: the product's built-in Allergy and Medical
 * alerts), as a client sent it on create or update.
 */
export interface ClientAlert {
  AlertId: Guid;
  Name: string;
  Category: string;
  /** null: the alert belongs to no one site. */
  SiteId: Guid | null;
  Selected: boolean;
}

export interface Client {
  ClientId: Guid;
  /** null: the client belongs to the whole account. */
  SiteId: Guid | null;
  State: ItemState;
  FirstName: string;
  LastName: string;
  /** '' when none was recorded. */
  Email: string;
  /** '' when none was recorded; kept exactly as typed (formats vary). */
  MobilePhone: string;
  Gender: Gender;
  ClientCode: string;
  MembershipId: Guid | null;
  /** '' for non-members. */
  MembershipNumber: string;
  MembershipStart: DateTimeText | null;
  MembershipEnd: DateTimeText | null;
  CreationDate: DateTimeText;
  PhysicalAddress: Address;
  BillingAddress: Address;
  PostalAddress: Address;
  ClientNotes: ClientNote[];
  /** Overall marketing consent; without it the client is never on a marketing list. */
  AcceptsMarketing: boolean;
  /** Per channel: null = never asked, true = accepted, false = explicitly declined. */
  ContactEmail: boolean | null;
  ContactSms: boolean | null;
  ContactPhone: boolean | null;
  /** See passwords.ts for the formats; null = no online account. */
  PasswordHash: string | null;
  /** One per AlertId, as sent on create or update; absent (as on every seeded client) = none. */
  Alerts?: ClientAlert[];
}

const NOTES: Record<ClientNoteType, [string, string[]][]> = {
  1: [
    ['General', ['Prefers appointments after 5pm', 'Likes a quiet treatment, minimal chat']],
    ['Preferences', ['Always books with the same therapist', 'Prefers unscented products', 'Needs ground-floor room']],
  ],
  2: [['Booking', ['Often runs late; call ahead', 'Asked for extra consultation time', 'Prefers text reminders']]],
  3: [['Billing', ['Invoice to employer; company card on file', 'Manager agreed 10% goodwill discount']]],
  4: [
    ['Allergy', ['Nut allergy: check oils before massage', 'Latex allergy', 'Reacted to tint: patch test every visit']],
    [
      'Medical',
      ['Pregnant, second trimester', 'High blood pressure: no hot stones', 'On blood thinners: no microneedling'],
    ],
  ],
};

const DOMAINS: Record<Country, string[]> = {
  GB: ['gmail.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.co.uk', 'icloud.com', 'btinternet.com'],
  IE: ['gmail.com', 'eircom.net', 'outlook.ie', 'yahoo.ie', 'icloud.com'],
  US: ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'aol.com'],
  AU: ['gmail.com', 'bigpond.com', 'outlook.com.au', 'icloud.com'],
};

/** Clients joined over this many days before today. */
const HISTORY_DAYS = 4 * 365;

// Hashing is the one slow step per password, so the seeded hashes are made once per process
// from fixed salts and shared by every world: one modern and one legacy stored form.
let seededHashes: { modern: string; legacy: string } | undefined;
function hashes() {
  const salt = (label: string) => createHash('sha256').update(label).digest().subarray(0, 16);
  return (seededHashes ??= {
    modern: pbkdf2Hash(SEEDED_CLIENT_PASSWORD, salt('seeded-client-pbkdf2')),
    legacy: sha1LegacyHash(SEEDED_CLIENT_PASSWORD, salt('seeded-client-sha1')),
  });
}

/** The clients, a step per client (see steps.ts). */
export function* clientSteps(ctx: GenContext, sites: SiteInfo[], memberships: Membership[]): Steps<Client[]> {
  const rng = rngFor(ctx, 'clients');
  const addresses = new AddressMaker(rng);
  const { modern, legacy } = hashes();
  const flagship = sites[0] as SiteInfo;
  const siteWeights = sites.map((s, i) => (s.site.State === 2 ? 0.6 : i === 0 ? 2 : 1));
  const liveMemberships = memberships.filter((m) => m.State === 1);
  const emails: string[] = [];
  const mobiles: string[] = [];

  // About one client in eight is a member; the first few are current, so even small worlds
  // have membership renewals to bill, and the first pays monthly, so every month bills one.
  const indices = Array.from({ length: ctx.profile.clients }, (_, i) => i);
  const lapsedMember = new Map<number, boolean>();
  const sampled = rng.sample(indices, Math.max(4, Math.round(ctx.profile.clients * 0.12)));
  sampled.forEach((i, k) => {
    lapsedMember.set(i, k >= 3 && rng.chance(0.2));
  });
  const monthly = liveMemberships.find((m) => m.TermMonths === 1 && m.SiteId === null);

  const clients: Client[] = [];
  for (let i = 0; i < ctx.profile.clients; i++) {
    yield;
    const home = rng.chance(0.1) ? null : rng.weighted(sites, siteWeights);
    const info = home ?? flagship;
    const country = info.country;
    const Gender: Gender = rng.chance(0.75) ? 1 : 2;
    const FirstName = rng.firstName(Gender === 1 ? 'female' : 'male');
    const LastName = rng.lastName();
    const ClientId = rng.uuid();
    const recent = rng.chance(0.05);
    const created =
      ctx.today - (recent ? rng.int(1, 30) : rng.int(31, HISTORY_DAYS)) * DAY + rng.int(32, 76) * 15 * MINUTE;

    let Email = '';
    if (emails.length > 0 && rng.chance(0.01))
      Email = rng.pick(emails); // shared by a family
    else if (rng.chance(0.92)) {
      const local = rng.pick([
        `${slug(FirstName)}.${slug(LastName)}`,
        `${slug(FirstName)}${slug(LastName)}${rng.int(1, 99)}`,
        `${slug(FirstName).charAt(0)}.${slug(LastName)}${rng.int(1, 999)}`,
      ]);
      Email = `${local}@${rng.pick(DOMAINS[country])}`;
      // Some were typed with capitals; look-ups must ignore case.
      if (rng.chance(0.03)) Email = `${FirstName}.${LastName}@${rng.pick(DOMAINS[country])}`.replace(/\s/g, '');
      emails.push(Email);
    }
    let MobilePhone = '';
    if (mobiles.length > 0 && rng.chance(0.005)) MobilePhone = rng.pick(mobiles);
    else if (rng.chance(0.9)) mobiles.push((MobilePhone = mobileNumber(rng, country, info.site.Address.City)));

    const physical = rng.chance(0.85) ? addresses.make(country, info.site.Address) : EMPTY_ADDRESS;
    const billing =
      physical !== EMPTY_ADDRESS && rng.chance(0.1) ? addresses.make(country, info.site.Address) : physical;

    const lapsed = lapsedMember.get(i);
    const member =
      lapsed === undefined
        ? null
        : membershipFor(
            ctx,
            rng,
            home?.site.SiteId ?? null,
            created,
            lapsed,
            liveMemberships,
            memberships,
            i === sampled[0] ? monthly : undefined,
          );
    const accepts = rng.chance(0.6);
    const channel = (): boolean | null =>
      accepts ? rng.weighted([true, false, null], [65, 15, 20]) : rng.weighted([null, false, true], [70, 25, 5]);

    clients.push({
      ClientId,
      SiteId: home?.site.SiteId ?? null,
      State: lapsed === false || rng.chance(0.92) ? 1 : 2,
      FirstName,
      LastName,
      Email,
      MobilePhone,
      Gender,
      ClientCode: '',
      MembershipId: member?.membership.MembershipId ?? null,
      MembershipNumber: '',
      MembershipStart: member ? utcText(member.start) : null,
      MembershipEnd: member ? utcText(member.end) : null,
      CreationDate: utcText(created),
      PhysicalAddress: { ...physical },
      BillingAddress: { ...billing },
      PostalAddress: { ...physical },
      ClientNotes: rng.chance(0.3) ? makeNotes(rng, ClientId) : [],
      AcceptsMarketing: accepts,
      ContactEmail: channel(),
      ContactSms: channel(),
      ContactPhone: channel(),
      PasswordHash: Email === '' ? null : rng.weighted([modern, legacy, null], [55, 5, 40]),
    });
  }

  // Codes and membership numbers follow joining order, as a front desk would issue them.
  yield* sortInSteps(clients, (a, b) =>
    a.CreationDate < b.CreationDate ? -1 : a.CreationDate > b.CreationDate ? 1 : a.ClientId < b.ClientId ? -1 : 1,
  );
  let members = 0;
  clients.forEach((c, i) => {
    c.ClientCode = `CL${String(i + 1).padStart(6, '0')}`;
    if (c.MembershipId) c.MembershipNumber = `MEM${String(++members).padStart(6, '0')}`;
  });
  return clients;
}

function membershipFor(
  ctx: GenContext,
  rng: Rng,
  siteId: Guid | null,
  created: number,
  lapsed: boolean,
  live: Membership[],
  all: Membership[],
  chosen: Membership | undefined,
): { membership: Membership; start: number; end: number } | null {
  const pool = (lapsed ? all : live).filter((m) => m.SiteId === null || m.SiteId === siteId);
  if (pool.length === 0) return null;
  // The pick is drawn even when the membership is chosen, so the draws after it stay the same.
  const picked = rng.pick(pool);
  const membership = chosen ?? picked;
  const start = created + rng.int(0, Math.max(0, Math.floor((ctx.today - created) / DAY) - 1)) * DAY;
  let end = addMonths(start, membership.TermMonths);
  while (end <= ctx.today) end = addMonths(end, membership.TermMonths);
  // A lapsed member's last term ended before today.
  if (lapsed) {
    end = addMonths(end, -membership.TermMonths);
    if (end <= start) return null;
  }
  return { membership, start, end };
}

function makeNotes(rng: Rng, ClientId: Guid): ClientNote[] {
  return Array.from({ length: rng.int(1, 3) }, () => {
    const type = rng.weighted<ClientNoteType>([1, 2, 3, 4], [4, 2, 1, 3]);
    const [Category, bodies] = rng.pick(NOTES[type]);
    return { ClientNoteId: rng.uuid(), ClientId, ClientNoteType: type, Body: rng.pick(bodies), Category };
  });
}
