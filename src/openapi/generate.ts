import { stringify } from 'yaml';
import { endpoints } from '../endpoints.js';
import { collectExamples } from './examples.js';
import { buildDocument } from './openapi-document.js';

/** The document exactly as committed in openapi/: JSON (two-space indent) and YAML. */
export async function generateOpenApi(): Promise<{ json: string; yaml: string }> {
  const doc = buildDocument(endpoints, await collectExamples(endpoints));
  return {
    json: `${JSON.stringify(doc, null, 2)}\n`,
    yaml: stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }),
  };
}
