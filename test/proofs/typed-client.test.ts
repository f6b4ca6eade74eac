import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT } from '../../src/accounts/host.js';
import { DEMO_CLIENT_ID, DEMO_SECRET } from '../../src/auth/credentials.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { call, tokenFor } from '../helpers.js';

// Proof that openapi/openapi.json is enough to write a correct client: types generated from it
// accept a real flow, refuse wrong calls, and the flow runs against the simulator with the counts
// its world holds.

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const OUT = root('test-output/client');
const FLOW = root('test/proofs/client/flow.ts');
const WRONG = root('test/proofs/client/wrong-calls.ts');

/** Compile errors of the files under the project's own compiler options (strict, NodeNext). */
function typeErrors(files: string[]): ts.Diagnostic[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    root('tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json not readable');
  return [...ts.getPreEmitDiagnostics(ts.createProgram(files, config.options))];
}

/** flow.ts as seen from here; not imported statically, so the project typecheck never needs the generated types. */
interface FlowModule {
  runFlow(
    baseUrl: string,
    credential: { clientId: string; secret: string },
  ): Promise<{ siteId: string; serviceId: string; day: string; counts: Record<string, number> }>;
}

const lineOf = (d: ts.Diagnostic) => (d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0);
const show = (d: ts.Diagnostic) =>
  `${d.file?.fileName}:${lineOf(d)} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;

/** How many times the simulator itself offers for the flow's service and day, asked in-process. */
async function offeredTimes(
  server: RunningServer,
  flow: { siteId: string; serviceId: string; day: string },
): Promise<number> {
  const sim = server.simulator;
  const token = await tokenFor(sim);
  const query = new URLSearchParams({
    siteId: flow.siteId,
    day: flow.day,
    services: flow.serviceId,
    packageId: '',
    employeeIds: '',
    clientId: '',
    serviceSequence: '1',
  });
  const res = await call(sim, `/api/v2/appointments/availabletimes?${query}`, { token });
  return (res.body as unknown[]).length;
}

describe('a client typed from openapi/openapi.json', () => {
  let diagnostics: ts.Diagnostic[];

  beforeAll(async () => {
    const ast = await openapiTS(pathToFileURL(root('openapi/openapi.json')), { silent: true });
    await mkdir(OUT, { recursive: true });
    await writeFile(`${OUT}/api.d.ts`, astToString(ast));
    diagnostics = typeErrors([FLOW, WRONG]);
  });

  it('type-checks the token → sites → services → packages → availabletimes flow', () => {
    expect(diagnostics.filter((d) => d.file?.fileName === FLOW).map(show)).toEqual([]);
    expect(diagnostics.filter((d) => !d.file).map(show)).toEqual([]);
  });

  it('refuses each wrong call, on exactly the marked lines', async () => {
    const marked = (await readFile(WRONG, 'utf8'))
      .split('\n')
      .flatMap((text, i) => (text.includes('// error:') ? [i + 1] : []));
    const reported = new Set(diagnostics.filter((d) => d.file?.fileName === WRONG).map(lineOf));
    expect(marked.length).toBeGreaterThan(0);
    expect([...reported].sort((a, b) => a - b)).toEqual(marked);
  });

  describe('run against a simulator', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ port: 0, size: 'small', rateLimit: false });
    });
    afterAll(() => server?.close());

    it('sees the counts the world holds', async () => {
      // Exactly what tsc would emit for the checked source; the generated types are erased.
      const js = ts.transpileModule(await readFile(FLOW, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      await writeFile(`${OUT}/flow.js`, js);
      const { runFlow } = (await import(pathToFileURL(`${OUT}/flow.js`).href)) as FlowModule;

      const result = await runFlow(server.url, { clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET });

      const world = server.simulator.registry.get(DEFAULT_ACCOUNT)!.world;
      const ACTIVE = 1;
      const atSite = (item: { SiteId: string | null; State: number }) =>
        item.State === ACTIVE && (item.SiteId === null || item.SiteId === result.siteId);
      const expected = {
        sites: world.sites.filter((s) => s.State === ACTIVE).length,
        services: world.services.filter((s) => atSite(s) && !s.PackageOnly).length,
        packages: world.packages.filter(atSite).length,
        availableTimes: await offeredTimes(server, result),
      };
      expect(Object.values(result.counts).every((n) => n > 0)).toBe(true);
      expect(result.counts).toEqual(expected);
    });
  });
});
