import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.js';

// Read when the module loads, so the version shown is always the installed package's own.
const manifest = JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string };

export const PACKAGE_VERSION = manifest.version;
