import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Simulator } from '../../src/app.js';
import { configureDeliveries, settled } from '../../src/webhooks/deliveries.js';
import { call, simulator, tokenFor } from '../helpers.js';

// Webhook tests: a simulator with a short retry base, and real HTTP receivers on 127.0.0.1:0.

configureDeliveries({ retryBaseMs: 5 });

export interface Hooks {
  sim: Simulator;
  send(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: any; text: string }>;
  admin(path: string, method?: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Waits until every queued delivery of the demo account has finished. */
  settled(): Promise<void>;
}

export async function hooks(): Promise<Hooks> {
  const sim = await simulator();
  const token = await tokenFor(sim);
  const parse = async (res: Response) => {
    const text = await res.text();
    return { status: res.status, text, body: text === '' ? undefined : JSON.parse(text) };
  };
  return {
    sim,
    send: async (path, init = {}) => parse(await call(sim, path, { method: init.method, body: init.body, token })),
    admin: async (path, method = 'GET', body) => parse(await call(sim, `/__admin${path}`, { method, body })),
    settled: () => settled(sim.registry.get('demo')!),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A real HTTP receiver; `statuses` are answered in turn (200 once they run out). */
export async function receiver(statuses: number[] = []): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
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
