import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../admin/fleet-support.js';
import { type CliProcess, ensureBuilt, runCli, startCli, stopCli } from './process.js';

// --peers (or BUSINESS_API_SIM_PEERS) names the other nodes of a fleet; a list that cannot be read stops
// the start with a usage error naming the entry.

describe('--peers on the command line', () => {
  let child: CliProcess | undefined;
  beforeAll(() => ensureBuilt());
  afterAll(() => stopCli(child));

  it('the environment names the peers when the option is not given; the fleet listing asks them', async () => {
    const [port] = await freePorts(1);
    child = await startCli(['--port', '0', '--size', 'small', '--node-name', 'cli-node'], {
      BUSINESS_API_SIM_PEERS: `http://127.0.0.1:${port}`,
    });
    const listing: any = await (await fetch(`${child.base}/__admin/fleet/accounts`)).json();
    expect(listing.nodes[0]).toMatchObject({ node: 'cli-node', answered: true, accounts: 1 });
    expect(listing.nodes[1]).toEqual({ url: `http://127.0.0.1:${port}`, answered: false, error: 'connection refused' });
  });

  it.each([
    ['ftp://sim-1:21', "--peers: 'ftp://sim-1:21': expected an http or https URL, got the scheme ftp"],
    ['http://sim-1:4010/x', "--peers: 'http://sim-1:4010/x': a peer is a base URL, with no path, query or fragment"],
    ['sim-1:4010', "--peers: 'sim-1:4010': expected an http or https URL, got the scheme sim-1"],
    ['http://', "--peers: 'http://' is not a URL"],
  ])('%s is a usage error (exit 2)', (peers, message) => {
    const out = runCli(['--peers', peers]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain(message);
  });
});
