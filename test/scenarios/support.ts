import { expect } from 'vitest';
import { createSimulator } from '../../src/app.js';
import { ScenarioError } from '../../src/scenarios/load.js';
import { FIXED_NOW } from '../helpers.js';

/** The message a simulator started with this scenario file (what `--scenario` sets) stops with. */
export async function startError(file: string, scenarioDir: string): Promise<string> {
  const error = await createSimulator({ size: 'small', realNow: () => FIXED_NOW, scenario: file, scenarioDir }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScenarioError);
  return (error as Error).message;
}
