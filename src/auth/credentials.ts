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

export interface AuthData {
  credentials: Credential[];
  tokens: Record<string, TokenRecord>;
}

export const DEMO_CLIENT_ID = 'demo-client';
export const DEMO_SECRET = 'demo-secret';

/** Every freshly seeded account holds this one active, unrestricted credential. */
export function seededAuth(): AuthData {
  return {
    credentials: [
      { id: 'credential-1', clientId: DEMO_CLIENT_ID, secretHash: sha256(DEMO_SECRET), active: true, endpoints: [], ips: '' },
    ],
    tokens: {},
  };
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
  auth.credentials.push(credential);
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
