import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { packagePath } from '../package-root.js';
import { Scenario } from './schemas.js';

// The scenario format as a JSON Schema, committed as scenarios/scenario.schema.json so editors
// complete and check scenario files (`# yaml-language-server: $schema=./scenario.schema.json`).

export const SCENARIO_SCHEMA_FILE = packagePath('scenarios', 'scenario.schema.json');

export function scenarioJsonSchema(): string {
  const schema = z.toJSONSchema(Scenario, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify(schema, null, 2)}\n`;
}

export async function writeScenarioSchema(): Promise<void> {
  await writeFile(SCENARIO_SCHEMA_FILE, scenarioJsonSchema());
  console.log(`wrote ${SCENARIO_SCHEMA_FILE}`);
}
