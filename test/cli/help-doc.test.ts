import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli-options.js';
import { PACKAGE_VERSION } from '../../src/package-version.js';

// docs/command-line.md shows `business-api-sim --help` as it is printed, the version written `<version>`.

const root = path.resolve(import.meta.dirname, '../..');

describe('the command line page', () => {
  it('shows exactly what --help prints', () => {
    const page = readFileSync(path.join(root, 'docs/command-line.md'), 'utf8');
    const shown = /<!-- cli-help -->\n```text\n([\s\S]*?)\n```/.exec(page)?.[1];
    expect(shown, 'a ```text block after <!-- cli-help --> in docs/command-line.md').toBeDefined();
    expect(shown).toBe(HELP.split(PACKAGE_VERSION).join('<version>'));
  });

  it('the README links to it for the options', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('](docs/command-line.md)');
  });
});
