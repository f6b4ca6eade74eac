import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PEER_ANSWER_BYTES } from '../../src/admin/fleet.js';
import { createSimulator } from '../../src/app.js';
import { DEMO_API_KEY, DEMO_SECRET } from '../../src/auth/credentials.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { call, simulator } from '../helpers.js';
import { admin, FLEET_TOKEN, freePorts, startFleet } from './fleet-support.js';

// GET /__admin/fleet/accounts: this node's accounts and every peer's (`--peers`), each with the node
// that holds it, and each peer that did not answer with the reason. It creates nothing.

const names = (body: any) => body.accounts.map((a: any) => `${a.name}@${a.node}`);

describe('the fleet account listing', () => {
  let nodes: RunningServer[] = [];
  const others: RunningServer[] = [];
  let silent: Server | undefined;
  const held: Socket[] = [];

  beforeAll(async () => {
    nodes = await startFleet(['node-a', 'node-b', 'node-c']);
    for (const [i, node] of nodes.entries()) {
      expect((await admin(node, `/__admin/accounts/acct-${i}`, { method: 'PUT', body: {} })).status).toBe(201);
    }
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
    await Promise.all([...nodes, ...others].map((n) => n.close()));
  });

  it('lists every account of every node, from any node, each with the node that holds it, by name', async () => {
    for (const node of nodes) {
      const answer = await admin(node, '/__admin/fleet/accounts');
      expect(answer.status).toBe(200);
      expect(names(answer.body)).toEqual([
        'acct-0@node-a',
        'acct-1@node-b',
        'acct-2@node-c',
        'demo@node-a',
        'demo@node-b',
        'demo@node-c',
      ]);
      expect(answer.body.nodes.map((n: any) => [n.node, n.answered, n.accounts])).toEqual([
        [answer.body.nodes[0].node, true, 2],
        ...['node-a', 'node-b', 'node-c'].filter((n) => n !== answer.body.nodes[0].node).map((n) => [n, true, 2]),
      ]);
      const summary = answer.body.accounts.find((a: any) => a.name === 'acct-1');
      expect(Object.keys(summary).sort()).toEqual(
        ['fiscalised', 'name', 'node', 'now', 'rateLimit', 'scenario', 'seed', 'size'].sort(),
      );
    }
  });

  it('a node among its own peers is listed once; the listing holds no secret and creates nothing', async () => {
    const answer = await admin(nodes[0]!, '/__admin/fleet/accounts');
    expect(answer.body.nodes.filter((n: any) => n.node === 'node-a')).toHaveLength(1);
    expect(answer.body.nodes[0].node).toBe('node-a');
    for (const secret of [FLEET_TOKEN, DEMO_SECRET, DEMO_API_KEY]) expect(answer.text).not.toContain(secret);
    for (const node of nodes) expect(node.simulator.registry.list()).toHaveLength(2);
  });

  it('needs the admin token like the rest of the control plane', async () => {
    expect((await admin(nodes[0]!, '/__admin/fleet/accounts', { token: 'not-the-token' })).status).toBe(401);
  });

  it('a stopped peer is listed as not answering, with the reason, and the listing still answers promptly', async () => {
    const [port] = await freePorts(1);
    const gone = await startServer({ size: 'small', adminToken: FLEET_TOKEN, nodeName: 'node-gone', port: port! });
    await gone.close();
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-d',
      peers: `${nodes[1]!.url},http://127.0.0.1:${port}`,
      port: 0,
    });
    others.push(node);
    const started = Date.now();
    const answer = await admin(node, '/__admin/fleet/accounts');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(answer.status).toBe(200);
    expect(answer.body.nodes).toContainEqual({
      url: `http://127.0.0.1:${port}`,
      answered: false,
      error: 'connection refused',
    });
    expect(names(answer.body)).toEqual(['acct-1@node-b', 'demo@node-b', 'demo@node-d']);
  });

  it('a peer with another admin token is listed as answering 401', async () => {
    const stranger = await startServer({ size: 'small', adminToken: 'another-token', nodeName: 'node-x', port: 0 });
    others.push(stranger);
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-e',
      peers: [stranger.url],
      port: 0,
    });
    others.push(node);
    const answer = await admin(node, '/__admin/fleet/accounts');
    expect(answer.body.nodes[1]).toEqual({ url: stranger.url, answered: false, error: 'answered 401' });
    expect(names(answer.body)).toEqual(['demo@node-e']);
    expect(answer.text).not.toContain(FLEET_TOKEN);
    expect(answer.text).not.toContain('another-token');
  });

  it('a peer that accepts the connection and never answers is cut off after 2 s', async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-f',
      peers: `http://127.0.0.1:${port}`,
      port: 0,
    });
    others.push(node);
    const started = Date.now();
    const answer = await admin(node, '/__admin/fleet/accounts');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answer.body.nodes[1]).toEqual({
      url: `http://127.0.0.1:${port}`,
      answered: false,
      error: 'no answer within 2000 ms',
    });
  });

  it('a peer whose answer says it is over 32 MiB is listed as not answering, and is not read', async () => {
    const peer = createHttpServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_PEER_ANSWER_BYTES + 1),
        'x-business-api-sim-node': 'node-huge',
      });
      res.write('[');
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const port = (peer.address() as { port: number }).port;
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-f',
      peers: `http://127.0.0.1:${port}`,
      port: 0,
    });
    others.push(node);
    try {
      const listing = await admin(node, '/__admin/fleet/accounts');
      expect(listing.status).toBe(200);
      expect(listing.body.nodes[1]).toEqual({
        url: `http://127.0.0.1:${port}`,
        answered: false,
        error: `answered more than ${MAX_PEER_ANSWER_BYTES} bytes`,
      });
    } finally {
      peer.closeAllConnections();
      await new Promise((resolve) => peer.close(resolve));
    }
  });

  it('listings asked while one is under way share its peers’ answers: a peer is asked once', async () => {
    let asked = 0;
    const peer = createHttpServer((_req, res) => {
      asked++;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-business-api-sim-node': 'node-slow' });
        res.end('[]');
      }, 200);
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const port = (peer.address() as { port: number }).port;
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-e',
      peers: `http://127.0.0.1:${port}`,
      port: 0,
    });
    others.push(node);
    try {
      const listings = await Promise.all([1, 2, 3].map(() => admin(node, '/__admin/fleet/accounts')));
      for (const listing of listings) {
        expect(listing.status).toBe(200);
        expect(listing.body.nodes.map((n: any) => n.node)).toEqual(['node-e', 'node-slow']);
      }
      expect(asked).toBe(1);
      // One after the other, each listing asks again.
      await admin(node, '/__admin/fleet/accounts');
      expect(asked).toBe(2);
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  });

  it('a dns+http peer is every address its name resolves to, looked up at the listing', async () => {
    const port = new URL(nodes[2]!.url).port;
    const node = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-g',
      peers: `dns+http://localhost:${port}`,
      port: 0,
    });
    others.push(node);
    const answer = await admin(node, '/__admin/fleet/accounts');
    expect(answer.body.nodes).toContainEqual({
      node: 'node-c',
      url: `http://127.0.0.1:${port}`,
      answered: true,
      accounts: 2,
    });
    expect(names(answer.body)).toEqual(['acct-2@node-c', 'demo@node-c', 'demo@node-g']);
  });
});

describe('the fleet account listing without peers', () => {
  it('lists this node alone, named by --node-name', async () => {
    const named = await simulator({ nodeName: 'solo' });
    await call(named, '/__admin/accounts/one', { method: 'PUT', body: {} });
    const answer = await call(named, '/__admin/fleet/accounts');
    expect(answer.status).toBe(200);
    expect(answer.body.nodes).toEqual([{ node: 'solo', url: 'http://127.0.0.1', answered: true, accounts: 1 }]);
    expect(names(answer.body)).toEqual(['one@solo']);
    await named.close();
  });

  it('a node without a name is <hostname>:<port> on a socket', async () => {
    const server = await startServer({ size: 'small', port: 0 });
    try {
      const answer: any = await (await fetch(`${server.url}/__admin/fleet/accounts`)).json();
      expect(answer.nodes[0].node).toMatch(new RegExp(`^.+:${server.port}$`));
      expect(answer.accounts.map((a: any) => a.name)).toEqual(['demo']);
    } finally {
      await server.close();
    }
  });
});

describe('--peers checked at start', () => {
  it.each([
    ['not a url', "'not a url' is not a URL"],
    ['ftp://sim-1:21', 'expected an http or https URL, got the scheme ftp'],
    ['http://sim-1:4010/api', 'a peer is a base URL, with no path, query or fragment'],
    ['http://user:pw@sim-1:4010', 'a peer URL holds no user or password'],
    [' , ', 'no peer given'],
  ])('%s is refused: %s', async (peers, message) => {
    await expect(createSimulator({ size: 'small', peers })).rejects.toThrow(`peers: `);
    await expect(createSimulator({ size: 'small', peers })).rejects.toThrow(message);
  });
});
