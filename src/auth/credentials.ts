import { createHash } from 'node:crypto';
import { guidFromHex } from '../random.js';
import { randomSecret, sha256 } from './hash.js';

/** An API credential: a client id and a secret, with optional restrictions. */
export interface Credential {
  /** Stable internal id; the client id itself can be rotated. */
  id: string;
  clientId: string;
  secretHash: string;
  active: boolean;
  /** Endpoint allow-list, one path per entry; empty = no restriction. */
  endpoints: string[];
  /** IP allow-list as stored (free text); empty = no restriction. */
  ips: string;
}

/** An issued access token, stored under the hash of the token itself. */
export interface TokenRecord {
  credentialId: string;
  issuedAt: number;
  expiresAt: number;
}

/** A version 1 API key, sent in the `ServiceApiKey` header; only its hash is kept. No endpoint allow-list. */
export interface ApiKey {
  id: string;
  keyHash: string;
  active: boolean;
  /**
   * The address range the key is limited to: an IP allow-list as stored (free text), matched as a
   * credential's is; empty = no restriction. Absent in keys stored before keys had one: no restriction.
   */
  ips?: string;
  /** Account clock, epoch ms. */
  createdAt: number;
}

/** Credentials and keys are frozen values, replaced on change (see accounts/changes.ts); tokens are a map. */
export interface AuthData {
  credentials: readonly Credential[];
  tokens: Record<string, TokenRecord>;
  apiKeys: readonly ApiKey[];
}

export const DEMO_CLIENT_ID = 'demo-client';
export const DEMO_SECRET = 'demo-secret';
export const DEMO_API_KEY = 'demo-api-key';

const demoApiKey = (createdAt: number): ApiKey => ({
  id: 'apikey-1',
  keyHash: sha256(DEMO_API_KEY),
  active: true,
  ips: '',
  createdAt,
});

/** Every freshly seeded account holds this one active, unrestricted credential and the demo API key. */
export function seededAuth(now: number): Pick<AuthData, 'credentials' | 'apiKeys'> {
  return {
    credentials: [
      {
        id: 'credential-1',
        clientId: DEMO_CLIENT_ID,
        secretHash: sha256(DEMO_SECRET),
        active: true,
        endpoints: [],
        ips: '',
      },
    ],
    apiKeys: [demoApiKey(now)],
  };
}

/** Replaces a credential with a changed copy; returns the copy. */
export function changeCredential(auth: AuthData, credential: Credential, change: Partial<Credential>): Credential {
  const next = { ...credential, ...change };
  auth.credentials = auth.credentials.map((c) => (c === credential ? next : c));
  return next;
}

export interface NewCredential {
  endpoints?: string[];
  ips?: string;
  active?: boolean;
}

/** Adds a credential with a generated client id and secret; the secret is returned once. */
export function addCredential(auth: AuthData, options: NewCredential): { credential: Credential; secret: string } {
  const secret = randomSecret();
  const credential: Credential = {
    id: `credential-${auth.credentials.length + 1}-${randomSecret(6)}`,
    clientId: newClientId(),
    secretHash: sha256(secret),
    active: options.active ?? true,
    endpoints: options.endpoints ?? [],
    ips: options.ips ?? '',
  };
  auth.credentials = [...auth.credentials, credential];
  return { credential, secret };
}

export function newClientId(): string {
  return `client-${randomSecret(12)}`;
}

/** The credential whose client id and secret both match, if active. */
export function findByClientSecret(auth: AuthData, clientId: string, secret: string): Credential | undefined {
  const hash = sha256(secret);
  return auth.credentials.find((c) => c.active && c.clientId === clientId && c.secretHash === hash);
}

/** Adds an API key; the key itself is returned once. */
export function addApiKey(
  auth: AuthData,
  options: { active?: boolean; ips?: string },
  now: number,
): { apiKey: ApiKey; key: string } {
  const key = randomSecret();
  const apiKey: ApiKey = {
    id: `apikey-${auth.apiKeys.length + 1}-${randomSecret(6)}`,
    keyHash: sha256(key),
    active: options.active ?? true,
    ips: options.ips ?? '',
    createdAt: now,
  };
  auth.apiKeys = [...auth.apiKeys, apiKey];
  return { apiKey, key };
}

/** Removes the API key with this id; false when there is none. */
export function removeApiKey(auth: AuthData, id: string): boolean {
  const index = auth.apiKeys.findIndex((k) => k.id === id);
  if (index < 0) return false;
  auth.apiKeys = auth.apiKeys.toSpliced(index, 1);
  return true;
}

/** The active API key the header value names, if any. */
export function findApiKey(auth: AuthData, key: string): ApiKey | undefined {
  const hash = sha256(key);
  return auth.apiKeys.find((k) => k.active && k.keyHash === hash);
}

/**
 * The API user behind a credential or a version 1 API key: the UserId of the records its calls
 * create. Derived from the stable internal id, so it survives client-id and secret rotation and
 * restarts, and two credentials are two users.
 */
export function apiUserId(caller: Credential | ApiKey): string {
  const kind = 'clientId' in caller ? 'credential' : 'api-key';
  return guidFromHex(createHash('sha1').update(`api-user|${kind}|${caller.id}`).digest('hex'), 5);
}
