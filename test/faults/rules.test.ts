import { describe, expect, it } from 'vitest';
import { Faults } from '../../src/faults/fault-rules.js';
import { FaultRuleInput, type FaultRuleInput as Input } from '../../src/faults/schemas.js';
import { Random } from '../../src/random.js';

const faults = (...inputs: Input[]) => {
  const f = new Faults();
  f.add(inputs.map((i) => FaultRuleInput.parse(i)));
  return f;
};
const stream = () => new Random(42, 'demo:faults');

describe('fault rule matching', () => {
  it('the first rule whose method and path match applies, counted as a hit', () => {
    const f = faults(
      { method: 'POST', path: '/api/v2/clients', status: 500 },
      { path: '/api/v2/clients', status: 503 },
    );
    expect(f.take('GET', '/api/v2/clients', stream())?.rule.status).toBe(503);
    expect(f.take('post', '/api/v2/clients', stream())?.rule.status).toBe(500);
    expect(f.list().map((r) => r.hits)).toEqual([1, 1]);
  });

  it('/api/v2/clients/* hits a client by id but not /api/v2/clients itself', () => {
    const f = faults({ path: '/api/v2/clients/*', status: 500 });
    expect(f.take('GET', '/api/v2/clients/5f0c0c2e-0000-4000-8000-000000000001', stream())).toBeDefined();
    expect(f.take('GET', '/api/v2/clients', stream())).toBeUndefined();
  });

  it('times: 2 applies to the next two matching calls, then the rule stays listed as spent', () => {
    const f = faults({ path: '/api/**', status: 503, times: 2 });
    const hits = [1, 2, 3].map(() => f.take('GET', '/api/v2/sites', stream()) !== undefined);
    expect(hits).toEqual([true, true, false]);
    expect(f.list()).toMatchObject([{ hits: 2, remaining: 0 }]);
  });

  it('a spent rule lets the next matching rule apply', () => {
    const f = faults({ path: '/api/**', status: 503, times: 1 }, { path: '/api/**', status: 500 });
    expect(f.take('GET', '/api/v2/sites', stream())?.rule.status).toBe(503);
    expect(f.take('GET', '/api/v2/sites', stream())?.rule.status).toBe(500);
  });

  it('probability 0 never applies and probability 1 always does', () => {
    const never = faults({ path: '/**', status: 500, probability: 0 });
    const always = faults({ path: '/**', status: 500, probability: 1 });
    const r = stream();
    for (let i = 0; i < 200; i++) {
      expect(never.take('GET', '/api/v2/sites', r)).toBeUndefined();
      expect(always.take('GET', '/api/v2/sites', r)).toBeDefined();
    }
  });

  it('the same seed and calls give the same decisions and delays', () => {
    const run = () => {
      const f = faults({ path: '/**', latencyMs: { min: 5, max: 40 }, probability: 0.5 });
      const r = stream();
      return Array.from({ length: 50 }, () => f.take('GET', '/api/v2/sites', r)?.delayMs ?? -1);
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.filter((d) => d < 0).length).toBeGreaterThan(5);
    expect(first.filter((d) => d >= 5 && d <= 40).length).toBeGreaterThan(5);
  });

  it('remove drops one rule by id and reports an unknown id', () => {
    const f = faults({ path: '/a', status: 500 }, { path: '/b', status: 500 });
    const [first] = f.list();
    expect(f.remove(first!.id)).toBe(true);
    expect(f.remove(first!.id)).toBe(false);
    expect(f.list().map((r) => r.path)).toEqual(['/b']);
  });
});

describe('fault rule schema', () => {
  const problems = (input: unknown) => {
    const r = FaultRuleInput.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('a rule needs an effect, a path starting with /, and known fields only', () => {
    expect(FaultRuleInput.safeParse({ path: '/api/**' }).success).toBe(false);
    expect(problems({ path: 'api', status: 500 })).toEqual(['path']);
    expect(problems({ path: '/api', status: 500, stauts: 1 })).toEqual(['']);
  });

  it('status, drop and truncateBytes exclude one another; body and headers need a status', () => {
    expect(FaultRuleInput.safeParse({ path: '/a', status: 500, drop: 'before' }).success).toBe(false);
    expect(problems({ path: '/a', drop: 'after', body: 'x' })).toEqual(['status']);
    expect(problems({ path: '/a', status: 204, body: 'x' })).toEqual(['body']);
  });

  it('statuses outside 200–599, bad header names and random latency with min above max are refused', () => {
    expect(problems({ path: '/a', status: 99 })).toEqual(['status']);
    expect(problems({ path: '/a', status: 500, headers: { 'bad name': 'x' } })).toEqual(['headers.bad name']);
    expect(problems({ path: '/a', latencyMs: { min: 9, max: 1 } })).toEqual(['latencyMs']);
  });
});
