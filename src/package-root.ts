import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Files the package ships beside its code (package.json, openapi/, scenarios/, the docs page's
// assets) are found from the package root: the nearest directory above this module holding a
// package.json. A module runs at different depths in src/ (the tests), dist/ (the library) and the
// CLI bundle (dist/cli.js and its chunks), so no fixed `../..` fits all three.
function findPackageRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

const PACKAGE_ROOT = findPackageRoot();

/** A path inside the installed package, e.g. `packagePath('openapi', 'openapi.json')`. */
export function packagePath(...parts: string[]): string {
  return path.join(PACKAGE_ROOT, ...parts);
}
