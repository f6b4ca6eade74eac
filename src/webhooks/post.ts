import http from 'node:http';
import https from 'node:https';

// Every delivery of every account goes out through one agent per protocol, with a cap on its
// sockets: however many subscriptions and events there are, the simulator holds at most this many
// connections to receivers at once (more deliveries wait for a free socket).

/** Sockets open to webhook receivers at once, per protocol (http, https). */
export const DELIVERY_SOCKETS = 16;
const TIMEOUT_MS = 10_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: DELIVERY_SOCKETS, maxTotalSockets: DELIVERY_SOCKETS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: DELIVERY_SOCKETS, maxTotalSockets: DELIVERY_SOCKETS }),
};

/** Posts a JSON body; resolves with the status once the answer is read, rejects on a network error or after 10 s. */
export function postJson(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent: agents[protocol],
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
