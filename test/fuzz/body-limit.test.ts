import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { endpoints } from '../../src/endpoints.js';
import { BODY_TOO_LARGE } from '../../src/errors/errors.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { call, FIXED_NOW } from '../helpers.js';
import { build, exampleOf, type FuzzWorld, fuzzWorld, stateHash, toRequest } from './support.js';

// Request bodies are read up to 1 MiB: a larger one is a 413 `{"Message":"The request body is too
// large."}` and the rest of it is not read (the connection closes after the answer).

const MiB = 1024 * 1024;
/** A JSON object of exactly `size` bytes. */
const jsonOfSize = (size: number) => `{"Notes":"${'a'.repeat(size - 12)}"}`;

let fw: FuzzWorld;
beforeAll(async () => {
  fw = await fuzzWorld();
});

const bodyEndpoints = endpoints.filter((e) => e.body);

const twoMiB = jsonOfSize(2 * MiB);

describe('a body over 1 MiB is a 413 on every endpoint that takes a body, and nothing is written', () => {
  it.each(bodyEndpoints.map((e, i) => [`${e.method} ${e.path}`, e, i] as const))('%s', async (_, endpoint, i) => {
    const built = build(endpoint, exampleOf(endpoint, fw), fw.token, { kind: 'asIs' });
    // Alternately with the length declared (refused unread) and without (read up to the limit).
    const declared: Record<string, string> = i % 2 === 0 ? { 'content-length': String(twoMiB.length) } : {};
    const started = performance.now();
    const res = await fw.sim.fetch(
      toRequest({
        ...built,
        body: twoMiB,
        headers: { ...built.headers, ...declared, 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ Message: BODY_TOO_LARGE });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stateHash(fw.account)).toBe(fw.baselineHash);
  });
});

describe('the limit is 1 048 576 bytes exactly', () => {
  const voucher = endpoints.find((e) => e.operationId === 'createVoucher')!;
  const send = (body: string) => {
    const built = build(voucher, exampleOf(voucher, fw), fw.token, { kind: 'asIs' });
    return fw.sim.fetch(toRequest({ ...built, body }));
  };

  it('a body of 1 MiB is read (here a 400 for its over-long Notes, not a 413)', async () => {
    expect(MAX_BODY_BYTES).toBe(MiB);
    const res = await send(jsonOfSize(MiB));
    expect(res.status).not.toBe(413);
  });

  it('one byte more is a 413', async () => {
    expect((await send(jsonOfSize(MiB + 1))).status).toBe(413);
  });

  it('multi-byte characters count as bytes, not characters', async () => {
    const res = await send(`{"Notes":"${'é'.repeat(MiB / 2 + 1)}"}`);
    expect(res.status).toBe(413);
  });
});

describe('the control plane refuses bodies over 1 MiB the same way, in its own error form', () => {
  it('POST /__admin/accounts with 2 MiB is a 413 { error }', async () => {
    const res = await call(fw.sim, '/__admin/accounts', { method: 'POST', body: jsonOfSize(2 * MiB) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: BODY_TOO_LARGE });
  });
});

describe('on a socket, an oversized body is refused without reading the rest', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, size: 'small', rateLimit: false, realNow: () => FIXED_NOW });
  });
  afterAll(async () => {
    await server?.close();
  });

  interface Sent {
    status: number;
    body: string;
    connection: string | undefined;
    /** Bytes of the body the client had written when the answer arrived. */
    written: number;
  }

  /**
   * Sends the headers and `first` bytes of a body, then keeps the request open without ever
   * finishing it: an answer can only come from a server that did not wait for the rest.
   */
  function sendUnfinished(path: string, headers: Record<string, string | number>, first: number): Promise<Sent> {
    const url = new URL(path, server.url);
    return new Promise((resolve, reject) => {
      let written = 0;
      const req = httpRequest(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, written });
            req.destroy();
          });
        },
      );
      req.on('error', (error) => {
        // The server closing the socket after its answer may cut the upload short: not a failure.
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET' && (error as NodeJS.ErrnoException).code !== 'EPIPE')
          reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const writeSome = () => {
        while (written < first) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', writeSome);
        }
      };
      req.write('{"Notes":"');
      writeSome();
    });
  }

  it('a Content-Length over the limit is answered 413 before the body is sent', async () => {
    const started = performance.now();
    const sent = await sendUnfinished(
      '/api/clients?siteId=',
      { serviceapikey: DEMO_API_KEY, 'content-length': 2 * MiB },
      64 * 1024,
    );
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ Message: BODY_TOO_LARGE });
    expect(sent.connection).toBe('close');
    expect(sent.written).toBeLessThan(2 * MiB);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a chunked body is read only up to the limit, then answered 413 while the client is still sending', async () => {
    const sent = await sendUnfinished('/api/v2/token', { 'transfer-encoding': 'chunked' }, MiB + 256 * 1024);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ Message: BODY_TOO_LARGE });
    expect(sent.connection).toBe('close');
  });

  it('the server still answers other requests afterwards', async () => {
    const res = await fetch(`${server.url}/api/v2/ping`);
    expect(res.status).toBe(403);
  });
});
