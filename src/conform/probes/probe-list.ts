import { OPERATIONS } from '../operations.js';
import type { Probe } from '../probe.js';
import { appointmentProbes } from './appointment-probes.js';
import { catalogueProbes } from './catalogue-probes.js';
import { classProbes } from './class-probes.js';
import { clientProbes } from './client-probes.js';
import { credentialProbes } from './credential-probes.js';
import { malformedIdProbe, requiredByNameProbe, unauthenticatedProbe, V1, V2, type Version } from './probe-kit.js';
import { salesProbes } from './sales-probes.js';
import { voucherProbes } from './voucher-probes.js';
import { writeProbes } from './write-probes.js';

// The whole library, in the order it runs: the rules every operation follows, then each area's rules,
// version 2 then version 1, then the probes that write.

const areaProbes = (v: Version): Probe[] => [
  ...catalogueProbes(v),
  ...appointmentProbes(v),
  ...clientProbes(v),
  ...classProbes(v),
  ...salesProbes(v),
  ...voucherProbes(v),
];

function everyOperation(): Probe[] {
  const probes: Probe[] = [];
  for (const o of OPERATIONS) {
    const version = o.version === 2 ? V2 : V1;
    if (!o.anonymous) probes.push(unauthenticatedProbe(o));
    if (o.required.length > 0) probes.push(requiredByNameProbe(o, version));
    if (o.path.includes('{')) probes.push(malformedIdProbe(o, version));
  }
  return probes;
}

export function allProbes(): Probe[] {
  const probes = [...everyOperation(), ...credentialProbes(), ...areaProbes(V2), ...areaProbes(V1), ...writeProbes()];
  const seen = new Set<string>();
  for (const p of probes) {
    if (seen.has(p.name)) throw new Error(`two probes named '${p.name}'`);
    seen.add(p.name);
  }
  return probes;
}
