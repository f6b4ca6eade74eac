import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathPattern } from '../src/path-pattern.js';

describe('path patterns', () => {
  it('a literal pattern matches its path in any case, with or without a trailing slash', () => {
    const m = pathPattern('/api/v2/clients');
    expect(m('/api/v2/clients')).toBe(true);
    expect(m('/API/V2/Clients/')).toBe(true);
    expect(m('/api/v2/clients/emailexists')).toBe(false);
  });

  it('* matches within one segment only', () => {
    const m = pathPattern('/api/v2/clients/*');
    expect(m('/api/v2/clients/5f0c0c2e-0000-4000-8000-000000000001')).toBe(true);
    expect(m('/api/v2/clients')).toBe(false);
    expect(m('/api/v2/clients/a/b')).toBe(false);
    expect(pathPattern('/api/v2/appointments/avail*')('/api/v2/appointments/availabletimes')).toBe(true);
    expect(pathPattern('/api/v2/*ments')('/api/v2/appointments')).toBe(true);
    expect(pathPattern('/api/v2/*ments')('/api/v2/clients')).toBe(false);
  });

  it('** matches any number of segments', () => {
    const m = pathPattern('/api/**');
    expect(m('/api/v2/clients')).toBe(true);
    expect(m('/api')).toBe(true);
    expect(m('/other/v2')).toBe(false);
    expect(pathPattern('/api/**/classbookings')('/api/v2/classes/classbookings')).toBe(true);
    expect(pathPattern('/api/**/classbookings')('/api/classbookings')).toBe(true);
  });

  it('patterns with regular-expression characters match literally and stay fast', () => {
    expect(pathPattern('/api/(a+)+$')('/api/(a+)+$')).toBe(true);
    const evil = pathPattern(`/${'*a'.repeat(30)}`);
    const started = performance.now();
    expect(evil(`/${'a'.repeat(5000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('every path matches itself and /**', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (parts) => {
        const path = `/${parts.join('/')}`;
        expect(pathPattern(path)(path), path).toBe(true);
        expect(pathPattern('/**')(path), path).toBe(true);
      }),
    );
  });
});

describe('path patterns with many **', () => {
  it('stay fast on long paths', () => {
    const m = pathPattern(`${'/**/x'.repeat(12)}/y`);
    const started = performance.now();
    expect(m(`/${Array(300).fill('x').join('/')}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
