import type { HttpBindings } from '@hono/node-server';

// How a dropped or truncated answer reaches the caller. On a socket the connection itself is cut;
// in-process (no socket) the caller sees what Node's fetch reports for such a connection.

/** What a fault does to the answer on its way out. */
export type Cut = { kind: 'drop' } | { kind: 'truncate'; bytes: number };

const DROPPED = 'the connection was dropped by a fault rule';
const TRUNCATED = 'the connection was closed by a fault rule before the whole body was sent';

/** Node's fetch rejects with `TypeError: fetch failed` when the server closes without answering. */
export class DroppedConnection extends TypeError {
  constructor() {
    super('fetch failed', { cause: new Error(DROPPED) });
  }
}

// @hono/node-server leaves the socket alone for a body-less answer carrying this header.
const ALREADY_SENT = 'x-hono-already-sent';

export async function deliver(
  response: Response,
  cut: Cut | undefined,
  env: Partial<HttpBindings> | undefined,
): Promise<Response> {
  if (!cut) return response;
  const outgoing = env?.outgoing;
  if (!outgoing) return cut.kind === 'drop' ? Promise.reject(new DroppedConnection()) : truncated(response, cut.bytes);
  if (cut.kind === 'drop') outgoing.destroy();
  else await sendTruncated(response, cut.bytes, outgoing);
  return alreadySent();
}

/** Status line and headers with the real Content-Length, the first bytes of the body, then the socket closes. */
async function sendTruncated(response: Response, bytes: number, outgoing: HttpBindings['outgoing']): Promise<void> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers['content-length'] = String(body.byteLength);
  outgoing.writeHead(response.status, headers);
  outgoing.flushHeaders();
  const socket = outgoing.socket;
  if (!socket) return void outgoing.destroy();
  if (bytes > 0 && body.byteLength > 0) outgoing.write(body.subarray(0, bytes));
  // end() flushes what is queued; destroying right away could discard it.
  await new Promise<void>((resolve) => socket.end(resolve));
  socket.destroy();
}

/** In-process: the status and headers arrive, the body stream yields the first bytes, then fails. */
async function truncated(response: Response, bytes: number): Promise<Response> {
  if (response.body === null) return response; // nothing to cut (e.g. a 204)
  const all = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('content-length', String(all.byteLength));
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        if (bytes > 0 && all.byteLength > 0) controller.enqueue(all.slice(0, bytes));
      } else if (bytes >= all.byteLength) controller.close();
      else controller.error(new TypeError('terminated', { cause: new Error(TRUNCATED) }));
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function alreadySent(): Response {
  const response = new Response(null, { headers: { [ALREADY_SENT]: 'true' } });
  // @hono/node-server's own Response class keeps a fast path that ignores the header above;
  // reading `body` moves such an instance off that path (a no-op for the standard class).
  void response.body;
  return response;
}
