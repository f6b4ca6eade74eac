import type { Account } from '../accounts/account.js';
import { editRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import { checkSignInPassword, hashPassword } from './account-password.js';
import { findClient } from './record.js';

export interface SignIn {
  clientId: Guid;
  email: string;
  password: string;
}

/**
 * GET /clients/authenticate: true when the client named by id AND e-mail is Active, has an e-mail
 * and a password, and the password matches. Every failure is the same `false`, so callers cannot
 * tell which part was wrong, and does the same hashing work (a miss hashes a stand-in), so the
 * time taken does not tell either. A first success on a legacy hash re-hashes the password with
 * PBKDF2 (a write made by a GET; the pipeline keeps it as it keeps any successful request's changes).
 */
export async function signIn(account: Account, q: SignIn): Promise<boolean> {
  const found = findClient(account.world, q.clientId);
  const email = q.email.trim().toLowerCase();
  const client =
    found && found.State === 1 && found.Email.trim() !== '' && found.Email.trim().toLowerCase() === email
      ? found
      : undefined;
  const check = checkSignInPassword(client?.PasswordHash ?? null, q.password);
  if (!client || check === 'invalid') return false;
  if (check === 'validLegacy') editRecord(account.world, 'clients', client).PasswordHash = hashPassword(q.password);
  return true;
}
