import { stringify } from 'yaml';
import { adminDeclarations } from '../admin/declarations.js';
import { endpoints } from '../endpoints.js';
import { buildAdminDocument } from './admin-document.js';
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

/** The control plane's document exactly as committed in openapi/admin.{json,yaml}. */
export function generateAdminOpenApi(): { json: string; yaml: string } {
  const doc = buildAdminDocument(adminDeclarations);
  return {
    json: `${JSON.stringify(doc, null, 2)}\n`,
    yaml: stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }),
  };
}
