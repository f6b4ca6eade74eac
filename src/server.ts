import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DEFAULT_ACCOUNT } from './accounts/host.js';
import { ADMIN_TOKEN_ENV, isLoopback } from './admin/token.js';
import { createSimulator, type Simulator, type SimulatorOptions } from './app.js';
import { noteListening } from './webhooks/own-target.js';

export interface ServerOptions extends SimulatorOptions {
  port?: number;
  host?: string;
}

export interface RunningServer {
  simulator: Simulator;
  /** Base URL of the default account, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the simulator on a socket, with the default account ready. Port 0 picks a free port. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.adminToken) throw new Error(adminTokenNeeded(host));
  const simulator = await createSimulator(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: simulator.app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await simulator.close();
    throw error;
  });
  // Requests for the default account that arrive meanwhile wait for it (the registry knows it is pending).
  if (!simulator.registry.get(DEFAULT_ACCOUNT)) await simulator.registry.create({ name: DEFAULT_ACCOUNT });
  const { port } = server.address() as AddressInfo;
  // Webhook deliveries are never sent to this port on an address of this machine.
  const forget = noteListening(port);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    simulator,
    url: `http://${shown}:${port}`,
    port,
    close: async () => {
      forget();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await simulator.close();
    },
  };
}

/** Why a non-loopback address cannot be bound without a control-plane token. */
export function adminTokenNeeded(host: string): string {
  return (
    `--host ${host} is not a loopback address, so the control plane needs ` +
    `a token: give --admin-token <token> or set ${ADMIN_TOKEN_ENV}`
  );
}
