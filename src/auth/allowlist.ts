import type { ApiKey, Credential } from './credentials.js';

// The credential restrictions, with the real service's odd match rules kept on purpose.

/**
 * Endpoint allow-list: allowed when the called path ends with any line (a suffix test, so a line
 * for a collection does not cover its sub-routes). A blank line allows everything. A route ending
 * in a record id has no line of its own, so a non-empty list refuses it.
 */
export function endpointAllowed(
  credential: Credential,
  calledPath: string,
  allowListLine: string | undefined,
): boolean {
  const lines = credential.endpoints;
  if (lines.length === 0 || lines.some((line) => line.trim() === '')) return true;
  if (allowListLine === undefined) return false;
  const path = calledPath.toLowerCase();
  return lines.some((line) => path.endsWith(line.trim().toLowerCase()));
}

/**
 * IP allow-list of a credential or a version 1 API key: the caller's address is looked for as a
 * substring of the stored list; an empty (or, for a key stored before keys had one, absent) list
 * admits every address.
 */
export function ipAllowed(holder: Pick<Credential | ApiKey, 'ips'>, ip: string): boolean {
  const ips = holder.ips ?? '';
  return ips.trim() === '' || ips.includes(ip);
}
