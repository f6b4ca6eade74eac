import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { probeDoc } from './probe-doc.js';

// `npm run conform:probes`: writes docs/conform-probes.md.
const file = path.resolve(import.meta.dirname, '../../docs/conform-probes.md');
writeFileSync(file, probeDoc());
console.log(`wrote ${file}`);
