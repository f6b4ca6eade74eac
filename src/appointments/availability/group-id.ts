import { createHash } from 'node:crypto';
import { guidFromHex } from '../../random.js';

// A package's services in an offered time are linked by a new PackageGroupId. It is derived from
// what it links (site, client, package, place in the request, time, employees) rather than drawn at
// random: the same question gets the same answer, as everything else in the simulator, and two
// different offers never share one.

export function packageGroupId(parts: readonly string[]): string {
  return guidFromHex(createHash('sha1').update(parts.join('|')).digest('hex'), 5);
}
