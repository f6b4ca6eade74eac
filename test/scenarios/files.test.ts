import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/app.js';
import { scenarioJsonSchema } from '../../src/scenarios/json-schema.js';
import { listScenarios, loadScenario } from '../../src/scenarios/load.js';
import { FIXED_NOW } from '../helpers.js';

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.endsWith('.schema.json'));
const SHIPPED = [
  'expired-token',
  'token-revoked-by-refresh',
  'rotated-secret',
  'endpoint-allow-list',
  'ip-allow-list',
  'throttled-endpoint',
  'duplicate-voucher-number',
  'fully-booked-day',
  'empty-account',
  'fiscalised-account',
  'unpaid-and-paid-invoices',
  'recurring-invoice-due',
  'legacy-password-client',
  'unreliable-service',
];

describe('scenario files', () => {
  it.each(files)('%s validates, pins its seed, size and clock, and points editors at the JSON Schema', async (file) => {
    const { scenario } = await loadScenario(path.join(dir, file));
    expect(scenario?.account).toMatchObject({
      seed: expect.any(Number),
      size: expect.any(String),
      now: expect.any(String),
    });
    if (file.endsWith('.json')) return;
    expect(readFileSync(path.join(dir, file), 'utf8').split('\n')[0]).toBe(
      '# yaml-language-server: $schema=./scenario.schema.json',
    );
  });

  it('every shipped scenario is listed by name with its description', async () => {
    const listed = await listScenarios();
    expect(listed.map((s) => s.name).sort()).toEqual([...SHIPPED].sort());
    for (const s of listed) expect(s.description.length).toBeGreaterThan(40);
  });

  it('the README names every shipped scenario', () => {
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const name of SHIPPED) expect(index).toContain(`${name}.yaml`);
  });

  it("docs/scenarios.md's commented example is a valid scenario that applies", async () => {
    const readme = readFileSync(path.resolve(dir, '../docs/scenarios.md'), 'utf8');
    const example = /```yaml\n(# yaml-language-server[\s\S]*?)```/.exec(readme)![1]!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'readme-')), 'example.yaml');
    writeFileSync(file, example);
    const sim = await createSimulator({
      size: 'small',
      realNow: () => FIXED_NOW,
      scenario: file,
      scenarioDir: path.dirname(file),
    });
    expect(sim.registry.get('demo')!.world.sites[0]!.Name).toBe('Willow & Sage Flagship');
  });

  it('the committed scenario.schema.json equals a fresh generation (run `npm run scenarios:schema` after changing the schema)', async () => {
    expect(readFileSync(path.join(dir, 'scenario.schema.json'), 'utf8')).toBe(await scenarioJsonSchema());
  });
});
