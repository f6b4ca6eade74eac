import { writeFile } from 'node:fs/promises';
import { writeScenarioSchema } from '../scenarios/json-schema.js';
import { OPENAPI_JSON, OPENAPI_YAML } from './files.js';
import { generateOpenApi } from './generate.js';

// `npm run openapi`: regenerates openapi/openapi.json and openapi/openapi.yaml from the endpoint table,
// and the scenario JSON Schema, which names the same resources.
const { json, yaml } = await generateOpenApi();
await writeFile(OPENAPI_JSON, json);
await writeFile(OPENAPI_YAML, yaml);
console.log(`wrote ${OPENAPI_JSON} and ${OPENAPI_YAML}`);
await writeScenarioSchema();
