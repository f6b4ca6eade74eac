import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli-options.js';

// What package.json, the lockfile, LICENSE and the README's install and first-call sections promise.

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const lock = JSON.parse(read('package-lock.json'));
const readme = read('README.md');
const HOME = 'https://github.com/business-api-simulator/business-api-simulator';

/** The README's text from a heading to the next heading of the same level. */
function section(heading: string): string {
  const at = readme.indexOf(`\n${heading}\n`);
  expect(at, heading).toBeGreaterThan(0);
  const level = heading.split(' ')[0]!;
  const next = readme.indexOf(`\n${level} `, at + heading.length + 2);
  return readme.slice(at, next < 0 ? undefined : next);
}
const shellBlocks = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('package.json and LICENSE', () => {
  it('the licence is MIT in both', () => {
    expect(manifest.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });

  it('repository, homepage and bugs name the project on GitHub', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${HOME}.git` });
    expect(manifest.homepage).toBe(`${HOME}#readme`);
    expect(manifest.bugs).toEqual({ url: `${HOME}/issues` });
  });

  it('swagger-ui-dist is a dev dependency, so no production install pulls @scarf/scarf', () => {
    expect(manifest.dependencies).not.toHaveProperty('swagger-ui-dist');
    expect(manifest.devDependencies).toHaveProperty('swagger-ui-dist');
    expect(lock.packages['node_modules/@scarf/scarf']).toMatchObject({ dev: true });
    expect(lock.packages['node_modules/swagger-ui-dist']).toMatchObject({ dev: true });
  });

  it('the start command builds only a stale tree, and a git install builds through prepare', () => {
    expect(manifest.scripts.prestart).toBe('node scripts/build.js --if-stale');
    expect(manifest.scripts.start).toBe('node dist/cli.js');
    expect(manifest.scripts.prepare).toBe('node scripts/build.js --if-stale');
    expect(manifest.devDependencies).toHaveProperty('typescript');
  });
});

describe('README', () => {
  it('shell examples read the base URL from BASE instead of repeating it', () => {
    const lines = shellBlocks(readme).flatMap((block) => block.split('\n'));
    // Comments aside (`# ...`), only the assignment itself names the address.
    const code = lines.map((line) => line.replace(/(^|\s)#.*$/, '').trim());
    const hardCoded = code.filter((line) => line.includes('http://127.0.0.1:4010') && !line.startsWith('BASE='));
    expect(hardCoded).toEqual([]);
  });

  it('the version 1 example computes its dates from today', () => {
    const blocks = shellBlocks(read('docs/version-1.md'));
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(blocks.join('\n')).toContain('start=$FROM&end=$TO');
  });

  it('First calls says the rate limit can be turned off with the option the CLI has', () => {
    expect(HELP).toContain('--rate-limit <on|off>');
    const first = section('## First calls');
    expect(first).toContain('--rate-limit off');
    expect(first).toMatch(/4 requests per second per endpoint/);
    expect(first).toMatch(/120 s/);
  });

  it('Install comes before First calls and names both install paths', () => {
    const install = section('## Install');
    expect(readme.indexOf('\n## Install\n')).toBeLessThan(readme.indexOf('\n## First calls\n'));
    expect(install).toContain(`npm i -D git+${HOME}.git`);
    expect(install).toContain('npm pack');
    expect(install).toContain('npx business-api-sim');
    expect(install).toContain("npm pkg set 'allowScripts.github:business-api-simulator/business-api-simulator=true'");
  });
});
