import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { type Answer, call, simulator } from '../helpers.js';

// A scenario file may hold secrets, and the caller who names it may not be allowed to read it: no
// error about it quotes it. Syntax errors give the file, line:column and the kind of problem only
// (the YAML library and JSON.parse both quote the text around the error), and a value the API
// refused is not repeated.

const SECRET = 's3cret-value-8d1f';
const VALID =
  'description: A scenario from the scenario directory.\naccount: { seed: 7, size: small, now: ' +
  '2026-03-16T09:00:00Z }\n';

let dir: string;
let sim: Simulator;

beforeEach(async () => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'scenario-echo-')));
  sim = await simulator({ scenarioDir: dir });
});

const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
const apply = (scenario: string): Promise<Answer> =>
  call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });

describe('scenario errors never quote the file', () => {
  it('scenario parse error does not echo file content', async () => {
    const files = {
      'quote.yaml': `${VALID}credentials:\n  - clientId: a\n    secret: "${SECRET}\n`,
      'escape.yaml': `${VALID}credentials:\n  - clientId: a\n    secret: "${SECRET}\\q"\n`,
      'reserved.yaml': `${VALID}credentials:\n  - clientId: @${SECRET}\n`,
      'alias.yaml': `${VALID}credentials:\n  - clientId: *${SECRET}\n`,
      'token.json': `{"description": "x", "secret": ${SECRET}}`,
      'unclosed.json': `{"description": "x",\n "secret": "${SECRET}`,
      'trailing.json': `{"description": "x"} ${SECRET}`,
    };
    for (const [name, text] of Object.entries(files)) {
      write(name, text);
      const res = await apply(name);
      expect(res.status, name).toBe(400);
      expect(res.text, name).not.toContain(SECRET);
      expect(res.text, name).not.toContain('s3cret');
      expect(res.body.error, name).toMatch(
        new RegExp(`^${name.replace('.', '\\.')}(:\\d+:\\d+)?: not valid (YAML|JSON): .+$`),
      );
    }
    expect((await apply('token.json')).body.error).toBe('token.json:1:32: not valid JSON: a value was expected here');
    expect((await apply('unclosed.json')).body.error).toBe(
      'unclosed.json:2:30: not valid JSON: a string that is not closed',
    );
    expect((await apply('quote.yaml')).body.error).toMatch(
      /^quote\.yaml:\d+:\d+: not valid YAML: Missing closing "quote$/,
    );
  });

  it('a value the API refuses in a scenario file is not quoted back', async () => {
    write(
      'refused.yaml',
      `${VALID}records:\n  vouchers:\n    - SiteId: e33a58dc-7dc0-439a-a29c-437e7d7a5444\n ` +
        `     Amount: 10\n      ExpiryDate: ${SECRET}\n`,
    );
    const res = await apply('refused.yaml');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('refused.yaml: records.vouchers[0]: the API refused it: ExpiryDate: ');
    expect(res.text).not.toContain(SECRET);
  });

  it('a JSON scenario file nested more than 64 levels deep is a 400 naming the limit', async () => {
    write('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(await apply('deep.json')).toMatchObject({
      status: 400,
      body: { error: 'deep.json: nested more than 64 levels deep' },
    });
  });
});
