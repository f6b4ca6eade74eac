import { createHash } from 'node:crypto';

// A package's services in an offered time are linked by a new PackageGroupId. It is derived from
// what it links (site, client, package, place in the request, time, employees) rather than drawn at
// random: the same question gets the same answer, as everything else in the simulator, and two
// different offers never share one.

export function packageGroupId(parts: readonly string[]): string {
  const hex = createHash('sha1').update(parts.join('|')).digest('hex');
  // Shaped as a name-based (version 5) Guid.
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
