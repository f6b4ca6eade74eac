import type { Simulator, SimulatorOptions } from '../../src/app.js';
import type { FaultRuleInput } from '../../src/faults/schemas.js';
import { targetOf } from '../../src/http/pipeline.js';
import { call, simulator } from '../helpers.js';

/**
 * An in-process simulator whose answers are checked against the OpenAPI document unless a fault
 * rule changed them (a status override or a cut body is not a documented answer).
 */
export function faultSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return simulator(options, (request, sim) => {
    const last = sim.registry.get(targetOf(request.url).accountName)?.journal.list().at(-1);
    return !last?.fault || last.fault.kind === 'latency';
  });
}

/** Adds rules to an account through the control plane; answers the added rules. */
export async function addFaults(sim: Simulator, account: string, ...rules: FaultRuleInput[]) {
  const body = rules.length === 1 ? rules[0] : { rules };
  const res = await call(sim, `/__admin/accounts/${account}/faults`, { method: 'POST', body });
  if (res.status !== 201) throw new Error(`faults: ${res.status} ${res.text}`);
  return res.body;
}

/** The account's request journal, as the control plane lists it. */
export async function journal(sim: Simulator, account = 'demo') {
  return (await call(sim, `/__admin/accounts/${account}/requests`)).body;
}
