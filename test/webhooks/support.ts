import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
// Webhook tests: receivers are real HTTP servers on 127.0.0.1:0 (the tests' simulators retry after a short
// base delay: test/helpers.ts).

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A real HTTP receiver; `statuses` are answered in turn (200 once they run out), with `headers` on each answer. */
export async function receiver(statuses: number[] = [], headers: Record<string, string> = {}): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
