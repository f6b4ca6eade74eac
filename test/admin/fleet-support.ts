import { createServer } from 'node:net';
import { type RunningServer, type ServerOptions, startServer } from '../../src/server.js';

// Nodes of a fleet on loopback sockets, each knowing the others as peers. A node's peers are given at its
// start, so the ports are picked first: each is one the system handed out for port 0 a moment before.

/** Ports the system hands out for port 0 on 127.0.0.1, released at once for the nodes to bind. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export const FLEET_TOKEN = 'fleet-admin-token-shared-by-every-node';

/** Nodes named `names`, each with every node's URL as its peers (its own included), and the same admin token. */
export async function startFleet(
  names: readonly string[],
  options: ServerOptions = {},
  extraPeers: readonly string[] = [],
): Promise<RunningServer[]> {
  const ports = await freePorts(names.length);
  const peers = [...ports.map((p) => `http://127.0.0.1:${p}`), ...extraPeers].join(',');
  const nodes: RunningServer[] = [];
  try {
    for (const [i, name] of names.entries()) {
      nodes.push(
        await startServer({
          size: 'small',
          adminToken: FLEET_TOKEN,
          nodeName: name,
          peers,
          port: ports[i]!,
          ...options,
        }),
      );
    }
  } catch (error) {
    await Promise.all(nodes.map((n) => n.close()));
    throw error;
  }
  return nodes;
}

/** A control-plane call over the socket with the fleet's token (or the one given). */
export async function admin(
  node: RunningServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any; text: string }> {
  const response = await fetch(`${node.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? FLEET_TOKEN}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, text };
}
