import { writeScenarioSchema } from './json-schema.js';

// `npm run scenarios:schema`: regenerates scenarios/scenario.schema.json from the zod schema.
await writeScenarioSchema();
