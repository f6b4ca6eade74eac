import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, parseScenario, ScenarioError } from '../../src/scenarios/load.js';
import { startError } from './support.js';

// A scenario error names the file, the path in it and what is wrong, and never echoes a secret.

const dir = mkdtempSync(path.join(tmpdir(), 'scenarios-'));
const fileWith = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};
const HEAD = 'description: A scenario under test.\naccount: { seed: 42, size: small, now: 2026-03-16T09:00:00Z }\n';

async function loadError(file: string): Promise<string> {
  const error = await loadScenario(file, dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScenarioError);
  return (error as Error).message;
}

const applyError = (file: string) => startError(file, dir);

describe('scenario errors', () => {
  it('bad YAML names the file, line and column, without quoting the line', async () => {
    const file = fileWith('bad-yaml.yaml', `${HEAD}credentials:\n  - clientId: a\n    secret: "s3cret-value\n`);
    const message = await loadError(file);
    expect(message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
    expect(message).not.toContain('s3cret-value');
  });

  it('an unknown key is named with its path', async () => {
    const message = await loadError(
      fileWith(
        'unknown-key.yaml',
        `${HEAD}credentials:\n  - clientId: a\n    secret: b\n    endpoint: [api/v2/sites]\n`,
      ),
    );
    expect(message).toBe(`${path.join(dir, 'unknown-key.yaml')}: credentials[0].endpoint: unknown key`);
  });

  it('a bad enumeration value names the allowed values', async () => {
    const file = fileWith(
      'bad-enum.yaml',
      `${HEAD}credentials:\n  - clientId: a\n    secret: b\n    tokens:\n ` +
        `     - { token: t-000001, state: active }\n      - { token: t-000002, ` +
        `state: stale }\n`,
    );
    expect(await loadError(file)).toBe(
      `${file}: credentials[0].tokens[1].state: expected one of active|expired|revoked`,
    );
  });

  it('an unknown resource name under records is an error', async () => {
    const file = fileWith('bad-resource.yaml', `${HEAD}records:\n  customers: []\n`);
    expect(await loadError(file)).toBe(`${file}: records.customers: unknown key`);
  });

  it('a throttle entry naming no endpoint of the table is an error naming it', async () => {
    const file = fileWith('bad-throttle.yaml', `${HEAD}throttle:\n  - endpoint: GET /api/v2/shops\n`);
    expect(await applyError(file)).toBe(
      `${file}: throttle[0].endpoint: no endpoint GET /api/v2/shops (method and path template as the API declares it)`,
    );
  });

  it('a change naming a field the record does not have is refused at load, naming the path and the closest field', async () => {
    const file = fileWith(
      'bad-field.yaml',
      `${HEAD}records:\n  sites:\n    - SiteId: e33a58dc-7dc0-439a-a29c-437e7d7a5444\n      Nmae: Renamed\n`,
    );
    expect(await loadError(file)).toBe(
      `${file}: records.sites[0].Nmae: no field Nmae in a sites record; did you mean Name?`,
    );
  });

  it('a create the API refuses reports the model state of the entry', async () => {
    const file = fileWith(
      'refused.yaml',
      `${HEAD}records:\n  vouchers:\n    - SiteId: e33a58dc-7dc0-439a-a29c-437e7d7a5444\n      Amount: 10\n`,
    );
    expect(await applyError(file)).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: records\\.vouchers\\[0\\]: the API refused it: ExpiryDate: `,
      ),
    );
  });

  it('a resource without a create endpoint cannot be added', async () => {
    const file = fileWith('no-create.yaml', `${HEAD}records:\n  employees:\n    - FirstName: New\n`);
    expect(await applyError(file)).toContain(`${file}: records.employees[0]: employees cannot be created`);
  });

  it('a missing file lists the shipped scenarios', async () => {
    const message = await loadError('no-such-scenario');
    expect(message).toContain('no-such-scenario: no such scenario file');
    expect(message).toContain('expired-token');
  });

  it('inline scenarios name (inline) as their source, and secrets are not echoed', async () => {
    await expect(
      parseScenario({ description: 'x', credentials: [{ clientId: 'a', secret: 'hidden-secret', active: 'yes' }] }),
    ).rejects.toThrow('(inline): credentials[0].active: expected boolean');
    await expect(parseScenario({ credentials: [] })).rejects.toThrow('(inline): description: required');
    const error = await parseScenario({ description: 'x', credentials: [{ clientId: 'a', secret: 42 }] }).catch(
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).not.toContain('42');
  });
});
