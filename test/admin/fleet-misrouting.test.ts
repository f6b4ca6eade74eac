import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server.js';
import { admin, FLEET_TOKEN, startFleet } from './fleet-support.js';

/** A bearer token no account issued: a call an integration makes, which may create the account it names. */
const WITH_TOKEN = { authorization: 'Bearer not-a-token-of-any-account' };

// With --peers, a node asked for an account it does not hold first asks its peers whether one of them
// holds it, and answers 421 naming that node instead of creating an empty account of the same name: a
// proxy sent the call to the wrong node. An account this node holds costs no question.

describe('the misrouting guard', () => {
  let nodes: RunningServer[] = [];
  let lonely: RunningServer | undefined;
  let silent: Server | undefined;
  const held: Socket[] = [];

  beforeAll(async () => {
    nodes = await startFleet(['node-a', 'node-b']);
    expect((await admin(nodes[0]!, '/__admin/accounts/owned', { method: 'PUT', body: {} })).status).toBe(201);
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
    await Promise.all([...nodes, ...(lonely ? [lonely] : [])].map((n) => n.close()));
  });

  it("an API call for a peer's account answers 421 naming both nodes, and creates nothing", async () => {
    const answer = await fetch(`${nodes[1]!.url}/accounts/owned/api/v2/sites`, { headers: WITH_TOKEN });
    expect(answer.status).toBe(421);
    expect(await answer.json()).toEqual({
      Message: "Account 'owned' is held by node 'node-a'; this is node 'node-b'.",
    });
    expect(nodes[1]!.simulator.registry.get('owned')).toBeUndefined();
  });

  it("a control-plane write for a peer's account answers 421 in the control plane's form", async () => {
    const answer = await admin(nodes[1]!, '/__admin/accounts/owned/clock', {
      method: 'POST',
      body: { advanceSeconds: 60 },
    });
    expect(answer.status).toBe(421);
    expect(answer.body).toEqual({ error: "Account 'owned' is held by node 'node-a'; this is node 'node-b'." });
    expect(nodes[1]!.simulator.registry.get('owned')).toBeUndefined();
  });

  // With a token no account knows the API answers 403: the account was reached.
  it('the node that holds the account answers it; a name no node holds is created where it is asked', async () => {
    expect((await fetch(`${nodes[0]!.url}/accounts/owned/api/v2/ping`, { headers: WITH_TOKEN })).status).toBe(403);
    const asked = await fetch(`${nodes[1]!.url}/accounts/nobody-has-it/api/v2/ping`, { headers: WITH_TOKEN });
    expect(asked.status).toBe(403);
    expect(nodes[1]!.simulator.registry.get('nobody-has-it')).toBeDefined();
    expect(nodes[0]!.simulator.registry.get('nobody-has-it')).toBeUndefined();
  });

  it('the default account is on every node and never refused', async () => {
    for (const node of nodes) expect((await fetch(`${node.url}/api/v2/ping`)).status).toBe(403);
  });

  it('an account held here asks no peer; a peer that does not answer is taken as not holding the name', async () => {
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    lonely = await startServer({
      size: 'small',
      adminToken: FLEET_TOKEN,
      nodeName: 'node-c',
      peers: `http://127.0.0.1:${port}`,
      port: 0,
    });
    let started = Date.now();
    expect((await fetch(`${lonely.url}/accounts/first-here/api/v2/ping`, { headers: WITH_TOKEN })).status).toBe(403);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900); // the silent peer was asked, for 2 s
    started = Date.now();
    expect((await fetch(`${lonely.url}/accounts/first-here/api/v2/ping`, { headers: WITH_TOKEN })).status).toBe(403);
    expect(Date.now() - started).toBeLessThan(500); // known here: no peer asked
  });

  it('calls for a name a peer holds, at once or one after another, ask the peers once in 5 s', async () => {
    let asked = 0;
    const peer = createHttpServer((req, res) => {
      asked++;
      res.writeHead(req.url === '/__admin/accounts/elsewhere/clock' ? 200 : 404, {
        'content-type': 'application/json',
        'x-business-api-sim-node': 'node-far',
      });
      res.end('{}');
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const port = (peer.address() as { port: number }).port;
    const node = await startServer({ size: 'small', nodeName: 'node-d', peers: `http://127.0.0.1:${port}`, port: 0 });
    try {
      const call = () =>
        fetch(`${node.url}/accounts/elsewhere/api/v2/ping`, { headers: WITH_TOKEN }).then((r) => r.status);
      expect(await Promise.all([call(), call(), call(), call()])).toEqual([421, 421, 421, 421]);
      expect(await call()).toBe(421);
      expect(await call()).toBe(421);
      expect(asked).toBe(1);
      expect(node.simulator.registry.get('elsewhere')).toBeUndefined();
    } finally {
      await node.close();
      await new Promise((resolve) => peer.close(resolve));
    }
  });
});
