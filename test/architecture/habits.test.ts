import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What the formatter cannot enforce: it keeps long strings and comments whole. A test's name is the one
// exception, as in the formatter itself: `it('…', async () => {` stays on one line however long the name.

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_LINE = 120;
const TEST_NAME = /^\s*(?:it|test|describe)(?:\.\w+)?\(\s*['"`]/;

function trackedSources(folders: string[]): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...folders], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|js)$/.test(f) && existsSync(path.join(ROOT, f)));
}

describe('habits', () => {
  it(`no line of src/, test/ or bench/ is longer than ${MAX_LINE} characters, test names aside`, () => {
    const long: string[] = [];
    for (const file of trackedSources(['src', 'test', 'bench'])) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.length > MAX_LINE && !TEST_NAME.test(line)) long.push(`${file}:${i + 1} (${line.length})`);
        });
    }
    expect(long).toEqual([]);
  });
});
