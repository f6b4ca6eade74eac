import { readFileSync } from 'node:fs';

// package.json sits at the package root, one level above this module in src/ and in dist/ alike; it is
// read when the module loads, so the version shown is always the installed package's own.
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export const PACKAGE_VERSION = manifest.version;
