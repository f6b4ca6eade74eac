import type { Simulator } from '../../src/app.js';
import { type Answer, call } from '../helpers.js';

/** The demo account's journal, as `GET /__admin/accounts/demo/requests` lists it. */
export async function entries(sim: Simulator): Promise<any[]> {
  return (await call(sim, '/__admin/accounts/demo/requests')).body;
}

/** `POST /__admin/accounts/demo/requests/<what>` with a JSON body. */
export function journalPost(sim: Simulator, what: 'find' | 'count' | 'verify', body: unknown): Promise<Answer> {
  return call(sim, `/__admin/accounts/demo/requests/${what}`, { method: 'POST', body });
}
