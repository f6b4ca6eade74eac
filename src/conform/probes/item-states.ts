import { emptyArray, jsonArray } from '../checks.js';
import type { Ids, Probe } from '../probe.js';
import { listProbe, type Query, type Version } from './probe-kit.js';

// Enumerated states by name and by number, and All matching nothing: the same five probes for every list
// that filters on a record state.

const RULE_BY_NAME = 'Enumerated parameters accept the name';
const RULE_BY_NUMBER = 'Enumerated parameters accept the number';
const RULE_ALL = 'itemState, state and classType match exactly; All (0) is accepted and returns an empty list with 200';

/**
 * The state probes of one list: `base` gives every other query pair (undefined skips the probe), `name` the
 * state parameter's name. Version 1 takes the state as a Byte, so there only the numbers are probed.
 */
export function stateProbes(
  version: Version,
  v2Id: string,
  base: (ids: Ids) => Query | undefined,
  name = 'itemState',
  names: readonly [string, string] = ['Active', 'Inactive'],
): Probe[] {
  const withState = (value: string) => (ids: Ids) => {
    const q = base(ids);
    return q && [...q, [name, value] as const];
  };
  const probes = [
    listProbe(version, v2Id, `${v2Id} ${name}=1 by number: a list`, RULE_BY_NUMBER, withState('1'), jsonArray()),
    listProbe(version, v2Id, `${v2Id} ${name}=0 (All): an empty list`, RULE_ALL, withState('0'), emptyArray),
  ];
  if (version.n === 1) return probes;
  return [
    ...probes,
    ...names.map((value) =>
      listProbe(version, v2Id, `${v2Id} ${name}=${value} by name: a list`, RULE_BY_NAME, withState(value), jsonArray()),
    ),
    listProbe(version, v2Id, `${v2Id} ${name}=All by name: an empty list`, RULE_ALL, withState('All'), emptyArray),
  ];
}
