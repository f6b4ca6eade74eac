import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { MAX_FAULT_BODY_BYTES, MAX_FAULT_RULE_BYTES } from '../../src/faults/schemas.js';
import { call } from '../helpers.js';
import { addFaults, faultSimulator } from './support.js';

// Bounds of a fault rule, the same in the control plane and in scenarios (one schema).

let sim: Simulator;
beforeEach(async () => {
  sim = await faultSimulator();
});

async function refused(body: unknown, ...named: string[]): Promise<string> {
  const res = await call(sim, '/__admin/accounts/demo/faults', { method: 'POST', body });
  expect(res.status).toBe(400);
  const { error } = res.body;
  for (const text of named) expect(error).toContain(text);
  expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
  return error;
}

async function scenarioRefused(rule: unknown, ...named: string[]): Promise<void> {
  const scenario = { description: 'A fault rule out of bounds.', faults: [rule] };
  const res = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });
  expect(res.status).toBe(400);
  const { error } = res.body;
  for (const text of named) expect(error).toContain(text);
}

describe('fault rule bounds', () => {
  it('an override body is at most 64 KiB as sent: a string by its UTF-8 bytes, anything else by its JSON; one byte more answers 400 naming body', async () => {
    expect(MAX_FAULT_BODY_BYTES).toBe(65_536);
    const [rule] = await addFaults(sim, 'demo', {
      path: '/api/v2/ping',
      status: 503,
      body: 'x'.repeat(MAX_FAULT_BODY_BYTES),
    });
    const res = await call(sim, '/api/v2/ping');
    expect([res.status, res.text.length]).toEqual([503, MAX_FAULT_BODY_BYTES]);
    await call(sim, `/__admin/accounts/demo/faults/${rule.id}`, { method: 'DELETE' });
    await refused(
      { path: '/a', status: 503, body: 'x'.repeat(MAX_FAULT_BODY_BYTES + 1) },
      'body',
      `at most ${MAX_FAULT_BODY_BYTES} bytes`,
    );
    await refused({ path: '/a', status: 503, body: 'é'.repeat(MAX_FAULT_BODY_BYTES / 2 + 1) }, 'body');
    await refused({ path: '/a', status: 503, body: { Message: 'x'.repeat(MAX_FAULT_BODY_BYTES) } }, 'body');
    await refused(
      {
        rules: [
          { path: '/a', status: 500 },
          { path: '/b', status: 503, body: ['y'.repeat(MAX_FAULT_BODY_BYTES)] },
        ],
      },
      'rules.1.body',
    );
  });

  it('a whole rule is at most 128 KiB as JSON: large headers or paths answer 400', async () => {
    expect(MAX_FAULT_RULE_BYTES).toBe(131_072);
    await refused(
      { path: '/a', status: 503, headers: { 'X-Big': 'h'.repeat(MAX_FAULT_RULE_BYTES) } },
      `at most ${MAX_FAULT_RULE_BYTES} bytes as JSON`,
    );
    await refused(
      { path: `/${'p'.repeat(MAX_FAULT_RULE_BYTES)}`, latencyMs: 1 },
      `at most ${MAX_FAULT_RULE_BYTES} bytes as JSON`,
    );
  });

  it('no rule may set Content-Length, Transfer-Encoding or Connection, in any case: 400 naming the header', async () => {
    for (const name of [
      'Content-Length',
      'content-length',
      'TRANSFER-ENCODING',
      'Transfer-Encoding',
      'Connection',
      'cOnNeCtIoN',
    ]) {
      await refused(
        { path: '/a', status: 503, headers: { 'X-Fine': 'yes', [name]: '5' } },
        `headers.${name}`,
        'must not be set by a fault rule',
      );
    }
    await refused(
      { rules: [{ path: '/a', status: 503, headers: { Connection: 'close' } }] },
      'rules.0.headers.Connection',
    );
  });

  it('header values and contentType must be printable ASCII (visible characters, space and tab): 400, never 500', async () => {
    for (const value of ['café', 'price €5', 'bell\u0007', 'del\u007f', 'line\nbreak', 'nul\u0000']) {
      await refused({ path: '/a', status: 503, headers: { 'X-Note': value } }, 'headers.X-Note', 'printable ASCII');
      await refused(
        { path: '/a', status: 503, contentType: `text/plain; note=${value}` },
        'contentType',
        'printable ASCII',
      );
    }
    await addFaults(sim, 'demo', {
      path: '/api/v2/ping',
      status: 503,
      contentType: 'text/plain;\tcharset=us-ascii',
      headers: { 'X-Note': 'a b\tc ~!' },
    });
    const res = await call(sim, '/api/v2/ping');
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-note')]).toEqual([
      503,
      'text/plain;\tcharset=us-ascii',
      'a b\tc ~!',
    ]);
  });

  it('scenario files share the bounds: a framing header, a non-ASCII value or an oversized body is a 400 naming its path in faults', async () => {
    await scenarioRefused(
      { path: '/a', status: 503, headers: { 'Transfer-Encoding': 'chunked' } },
      'faults[0].headers',
      'Transfer-Encoding',
      'must not be set by a fault rule',
    );
    await scenarioRefused(
      { path: '/a', status: 503, headers: { 'X-Note': 'naïve' } },
      'faults[0].headers',
      'printable ASCII',
    );
    await scenarioRefused(
      { path: '/a', status: 503, contentType: 'text/plain; charset=ünicode' },
      'faults[0].contentType',
      'printable ASCII',
    );
    await scenarioRefused(
      { path: '/a', status: 503, body: 'z'.repeat(MAX_FAULT_BODY_BYTES + 1) },
      'faults[0].body',
      `at most ${MAX_FAULT_BODY_BYTES} bytes`,
    );
    expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
  });
});
