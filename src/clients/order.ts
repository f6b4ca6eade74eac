import type { Client } from '../world/clients.js';

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Last name, then first name, as a database collation orders them; ties by id so the order is stable. */
export function byLastThenFirstName(a: Client, b: Client): number {
  return (
    collator.compare(a.LastName, b.LastName) ||
    collator.compare(a.FirstName, b.FirstName) ||
    (a.ClientId < b.ClientId ? -1 : a.ClientId > b.ClientId ? 1 : 0)
  );
}

/** The texts `find` searches: names (also "first last"), code, e-mail, mobile and membership number. */
export const searchTexts = (c: Client): string[] => [
  c.FirstName,
  c.LastName,
  `${c.FirstName} ${c.LastName}`,
  c.ClientCode,
  c.Email,
  c.MobilePhone,
  c.MembershipNumber,
];
