import { type Answer, readAnswer } from './answer.js';

export type InProcessFetch = (request: Request) => Promise<Response>;

/** Calls the control plane in-process; any answer but the expected status is an error with its message. */
export async function controlPlane<T>(
  fetch: InProcessFetch,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const answer = await controlPlaneAnswer<T & { error?: string }>(fetch, method, path, body, headers);
  if (answer.status >= 300) {
    const message = (answer.body as { error?: string } | undefined)?.error ?? answer.text;
    throw new Error(`${method} /__admin${path}: ${answer.status} ${message}`);
  }
  return answer.body;
}

/** Calls the control plane in-process and reads the answer whole, whatever its status. */
export async function controlPlaneAnswer<T>(
  fetch: InProcessFetch,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...headers, 'content-type': 'application/json' };
  }
  return readAnswer<T>(await fetch(new Request(`${ORIGIN}/__admin${path}`, init)));
}

/** The origin of in-process requests: a loopback address, so the default account answers bare paths. */
export const ORIGIN = 'http://127.0.0.1';

/** The fetch with the control-plane token added to /__admin requests (unchanged when there is none). */
export function withAdminToken(fetch: InProcessFetch, token: string | undefined): InProcessFetch {
  if (token === undefined) return fetch;
  return (request) => {
    if (!new URL(request.url).pathname.startsWith('/__admin')) return fetch(request);
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(new Request(request, { headers }));
  };
}
