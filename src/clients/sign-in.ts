import { editRecord } from '../records.js';
import type { Account } from '../accounts/account.js';
import type { Guid } from '../world/common.js';
import { checkPassword, hashPassword } from './account-password.js';
import { findClient } from './record.js';

export interface SignIn {
  clientId: Guid;
  email: string;
  password: string;
}

/**
 * GET /clients/authenticate: true when the client named by id AND e-mail is Active, has an e-mail
 * and a password, and the password matches. Every failure is the same `false`, so callers cannot
 * tell which part was wrong. A first success on a legacy hash re-hashes the password with PBKDF2
 * (a write made by a GET; the pipeline keeps it as it keeps any successful request's changes).
 */
export async function signIn(account: Account, q: SignIn): Promise<boolean> {
  const client = findClient(account.world, q.clientId);
  const email = q.email.trim().toLowerCase();
  if (!client || client.State !== 1 || client.Email.trim() === '' || client.Email.trim().toLowerCase() !== email) return false;
  const check = checkPassword(client.PasswordHash, q.password);
  if (check === 'invalid') return false;
  if (check === 'validLegacy') editRecord(account.world, 'clients', client).PasswordHash = hashPassword(q.password);
  return true;
}
