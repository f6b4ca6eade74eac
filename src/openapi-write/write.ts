import { writeFile } from 'node:fs/promises';
import { ADMIN_JSON, ADMIN_YAML, FIELDS_PAGE, OPENAPI_JSON, OPENAPI_YAML, RULES_PAGE } from '../openapi/files.js';
import { writeScenarioSchema } from '../scenarios/json-schema.js';
import { fieldsPage } from './fields-page.js';
import { generateAdminOpenApi, generateOpenApi } from './generate.js';
import { rulesPage } from './rules-page.js';

// `npm run openapi`: regenerates openapi/openapi.json and openapi/openapi.yaml from the endpoint table,
// docs/fields.md (the answer fields and their sources) from that document, docs/rules.md (the rules every
// refusal names) from the rule declarations, openapi/admin.json and
// openapi/admin.yaml from the control plane's declarations, and the scenario JSON Schema, which names the
// same resources.
const { json, yaml } = await generateOpenApi();
await writeFile(OPENAPI_JSON, json);
await writeFile(OPENAPI_YAML, yaml);
console.log(`wrote ${OPENAPI_JSON} and ${OPENAPI_YAML}`);
await writeFile(FIELDS_PAGE, fieldsPage(JSON.parse(json)));
console.log(`wrote ${FIELDS_PAGE}`);
await writeFile(RULES_PAGE, rulesPage());
console.log(`wrote ${RULES_PAGE}`);
const admin = generateAdminOpenApi();
await writeFile(ADMIN_JSON, admin.json);
await writeFile(ADMIN_YAML, admin.yaml);
console.log(`wrote ${ADMIN_JSON} and ${ADMIN_YAML}`);
await writeScenarioSchema();
