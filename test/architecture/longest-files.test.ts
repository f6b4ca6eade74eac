import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST } from '../longest-files.js';

// vitest starts the longest test files first; a file renamed or removed would silently drop out.

describe('the longest test files, started first', () => {
  it('each one listed exists, once', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    expect(LONGEST.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(new Set(LONGEST).size).toBe(LONGEST.length);
  });
});
