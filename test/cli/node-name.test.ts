import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, NODE_HEADER } from '../../src/app.js';
import { FIXED_NOW } from '../helpers.js';
import { type CliProcess, ensureBuilt, runCli, startCli, stopCli } from './process.js';

// A simulator that is one node of a fleet says which node it is on every answer
// (`--node-name`, or BUSINESS_API_SIM_NODE_NAME), so a user sees where an account lives. A single
// simulator, started without one, sends no such header.

const PATHS = [
  '/api/v2/ping',
  '/accounts/acme/api/v2/sites',
  '/__admin/health',
  '/__admin/accounts',
  '/docs',
  '/nowhere',
];

describe('the node name', () => {
  it('every answer of a named node carries X-Business-Api-Sim-Node: API, control plane, docs and a 404 alike', async () => {
    const sim = await createSimulator({ nodeName: 'node-a', size: 'small', realNow: () => FIXED_NOW });
    for (const path of PATHS) {
      const answer = await sim.fetch(new Request(`http://127.0.0.1${path}`));
      expect(answer.headers.get(NODE_HEADER), path).toBe('node-a');
    }
    await sim.close();
  });

  it('a simulator started without a node name sends no such header', async () => {
    const sim = await createSimulator({ size: 'small', realNow: () => FIXED_NOW });
    for (const path of PATHS) {
      const answer = await sim.fetch(new Request(`http://127.0.0.1${path}`));
      expect(answer.headers.has(NODE_HEADER), path).toBe(false);
    }
    await sim.close();
  });
});

describe('--node-name on the command line', () => {
  let child: CliProcess | undefined;
  beforeAll(() => ensureBuilt());
  afterAll(() => stopCli(child));

  it('the environment names the node when the option is not given; answers over the socket carry it', async () => {
    child = await startCli(['--port', '0', '--size', 'small'], { BUSINESS_API_SIM_NODE_NAME: 'node-b' });
    const answer = await fetch(`${child.base}/api/v2/ping`);
    expect(answer.headers.get(NODE_HEADER)).toBe('node-b');
  });

  it('a node name with a space or a control character is a usage error (exit 2)', () => {
    const out = runCli(['--node-name', 'node a']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('--node-name: expected 1 to 128 visible ASCII characters');
  });
});
