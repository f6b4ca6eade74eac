import { describe, expect, it } from 'vitest';
import { SEEDED_CLIENT_PASSWORD } from '../../src/world/index.js';
import { isLegacyHash, pbkdf2Hash, sha1LegacyHash, verifyPasswordHash } from '../../src/world/passwords.js';
import { ms } from '../helpers.js';
import { TODAY_MS, world } from './fixtures.js';

describe('clients', () => {
  const w = world('standard');

  it('seeded password hashes verify against the documented demo password, in both formats', () => {
    const hashes = w.clients.map((c) => c.PasswordHash).filter((h): h is string => h !== null);
    const modern = hashes.filter((h) => h.startsWith('$pbkdf2-sha256$'));
    const legacy = hashes.filter(isLegacyHash);
    expect(modern.length).toBeGreaterThan(legacy.length);
    expect(legacy.length).toBeGreaterThan(0);
    for (const h of new Set(hashes)) {
      expect(verifyPasswordHash(h, SEEDED_CLIENT_PASSWORD)).toBe(true);
      expect(verifyPasswordHash(h, 'wrong password')).toBe(false);
    }
    expect(w.clients.some((c) => c.PasswordHash === null)).toBe(true);
  });

  it('hash formats match their documented shapes', () => {
    const salt = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    expect(pbkdf2Hash('x', salt)).toMatch(/^\$pbkdf2-sha256\$1000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(sha1LegacyHash('x', salt)).toMatch(/^\$sha1\$00112233445566778899aabbccddeeff\$[0-9a-f]{40}$/);
  });

  it('no plain password appears anywhere in the data', () => {
    expect(JSON.stringify(w)).not.toContain(SEEDED_CLIENT_PASSWORD);
  });

  it('clients with a password have an e-mail, since sign-in needs one', () => {
    for (const c of w.clients) if (c.PasswordHash !== null) expect(c.Email).not.toBe('');
  });

  it('contact data varies: some e-mails and mobiles empty, some clients account-wide or Inactive', () => {
    expect(w.clients.some((c) => c.Email === '')).toBe(true);
    expect(w.clients.some((c) => c.MobilePhone === '')).toBe(true);
    expect(w.clients.some((c) => c.SiteId === null)).toBe(true);
    const inactive = w.clients.filter((c) => c.State === 2).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(w.clients.length / 4);
    const formats = new Set(w.clients.map((c) => c.MobilePhone.replace(/\d/g, '9')));
    expect(formats.size).toBeGreaterThan(3);
  });

  it('marketing channels use null for never asked, true for accepted, false for declined', () => {
    const values = new Set(w.clients.flatMap((c) => [c.ContactEmail, c.ContactSms, c.ContactPhone]));
    expect(values).toEqual(new Set([true, false, null]));
    expect(w.clients.some((c) => c.AcceptsMarketing)).toBe(true);
    expect(w.clients.some((c) => !c.AcceptsMarketing)).toBe(true);
  });

  it('client codes and membership numbers are unique; members have dates in order', () => {
    expect(new Set(w.clients.map((c) => c.ClientCode)).size).toBe(w.clients.length);
    const members = w.clients.filter((c) => c.MembershipId !== null);
    expect(members.length).toBeGreaterThan(0);
    expect(new Set(members.map((c) => c.MembershipNumber)).size).toBe(members.length);
    for (const c of members) expect(ms(c.MembershipStart as string)).toBeLessThan(ms(c.MembershipEnd as string));
    for (const c of w.clients.filter((x) => x.MembershipId === null)) {
      expect([c.MembershipNumber, c.MembershipStart, c.MembershipEnd]).toEqual(['', null, null]);
    }
  });

  it('clients were created before today, some of them in the last month', () => {
    for (const c of w.clients) expect(ms(c.CreationDate)).toBeLessThan(TODAY_MS);
    expect(w.clients.some((c) => ms(c.CreationDate) > TODAY_MS - 30 * 86_400_000)).toBe(true);
  });

  it('notes use the four note types and addresses are separate objects', () => {
    const types = new Set(w.clients.flatMap((c) => c.ClientNotes.map((n) => n.ClientNoteType)));
    expect(types).toEqual(new Set([1, 2, 3, 4]));
    for (const c of w.clients) {
      expect(c.PhysicalAddress).not.toBe(c.BillingAddress);
      expect(c.PhysicalAddress).not.toBe(c.PostalAddress);
    }
  });
});
