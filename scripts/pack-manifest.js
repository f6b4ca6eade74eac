// Packs without the `prepare` script: it builds dist/ for a git install, but a packed package
// already holds dist/, and npm counts `prepare` of a tarball dependency among the install scripts
// it asks the consumer to review. `prepack` strips it from package.json, `postpack` puts the file back.
//
// Usage: node scripts/pack-manifest.js strip|restore

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = path.join(ROOT, 'package.json');
/** The untouched package.json while a pack runs (git-ignored; scripts/build.js also restores it). */
export const BACKUP = path.join(ROOT, 'package.json.packing');

/** Puts back the package.json a pack stripped, if a pack was cut short before postpack. */
export function restoreManifest() {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
}

function stripPrepare() {
  restoreManifest();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (!manifest.scripts?.prepare) return;
  writeFileSync(BACKUP, text);
  delete manifest.scripts.prepare;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const action = process.argv[2];
  if (action === 'strip') stripPrepare();
  else if (action === 'restore') restoreManifest();
  else {
    console.error('usage: node scripts/pack-manifest.js strip|restore');
    process.exit(2);
  }
}
