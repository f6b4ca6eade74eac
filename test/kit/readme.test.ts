import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const MARKER = '<!-- test-kit-example: test/kit/readme-example.test.ts -->';

describe('README test kit example', () => {
  it('is exactly test/kit/readme-example.test.ts, which runs with the suite', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const at = readme.indexOf(MARKER);
    expect(at).toBeGreaterThan(0);
    const fence = readme.slice(at + MARKER.length).match(/^\s*```ts\n([\s\S]*?)```/);
    expect(fence).not.toBeNull();
    expect(fence![1]).toBe(readFileSync(path.join(root, 'test/kit/readme-example.test.ts'), 'utf8'));
  });
});
