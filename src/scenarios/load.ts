import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { formatPath } from '../field-path.js';
import { Scenario } from './schema.js';

// Scenario files: YAML or JSON, by name (shipped in the package's scenarios/ directory) or by path.

/** scenarios/ sits at the package root, two levels above this module in src/ and in dist/ alike. */
export const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const EXTENSIONS = ['.yaml', '.yml', '.json'];

/** The source name errors use for a scenario sent as an object rather than a file. */
export const INLINE = '(inline)';

/** A scenario file or value that is not a valid scenario; the message is `<file>: <path>: <what is wrong>`. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

export interface LoadedScenario {
  /** The shipped name, the file name without extension, or `(inline)`. */
  name: string;
  /** Where it came from, as errors name it. */
  source: string;
  /** What re-reads it (name or path); absent for inline scenarios. */
  reference?: string;
  scenario: Scenario;
}

/** A shipped scenario by name, or a YAML/JSON file by path. */
export async function loadScenario(fileOrName: string): Promise<LoadedScenario> {
  const shipped = shippedFile(fileOrName);
  const file = shipped ?? fileOrName;
  const source = shipped ? `scenarios/${path.basename(shipped)}` : fileOrName;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    const names = (await listScenarios()).map((s) => s.name).join(', ');
    throw new ScenarioError(`${fileOrName}: no such scenario file or shipped scenario (shipped: ${names})`);
  }
  const value = file.endsWith('.json') ? parseJson(text, source) : await parseYaml(text, source);
  const name = shipped ? fileOrName : path.basename(file).replace(/\.(ya?ml|json)$/i, '');
  return { name, source, reference: fileOrName, scenario: parseScenario(value, source) };
}

/** A scenario given as a name or path, or inline as an object (the control plane takes both). */
export async function scenarioFrom(value: string | object): Promise<LoadedScenario> {
  if (typeof value === 'string') return loadScenario(value);
  return { name: INLINE, source: INLINE, scenario: parseScenario(value) };
}

/** Validates a scenario value (e.g. sent inline to the control plane). */
export function parseScenario(value: unknown, source = INLINE): Scenario {
  const result = Scenario.safeParse(value);
  if (!result.success) throw new ScenarioError(result.error.issues.map((i) => `${source}: ${describeIssue(i)}`).join('\n'));
  return result.data;
}

/** The shipped scenarios, by name, with their descriptions. */
export async function listScenarios(): Promise<{ name: string; description: string }[]> {
  let files: string[];
  try {
    files = (await readdir(SCENARIOS_DIR)).filter((f) => EXTENSIONS.includes(path.extname(f)) && !f.endsWith('.schema.json')).sort();
  } catch {
    return [];
  }
  const out: { name: string; description: string }[] = [];
  for (const file of files) {
    const text = await readFile(path.join(SCENARIOS_DIR, file), 'utf8');
    const value = (file.endsWith('.json') ? JSON.parse(text) : (await yaml()).parseDocument(text).toJS()) as { description?: unknown };
    out.push({ name: file.replace(/\.(ya?ml|json)$/, ''), description: String(value?.description ?? '') });
  }
  return out;
}

function shippedFile(name: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) return undefined;
  return EXTENSIONS.map((ext) => path.join(SCENARIOS_DIR, name + ext)).find((f) => existsSync(f));
}

// The YAML parser is loaded with the first scenario, not at start-up.
let yamlModule: Promise<typeof import('yaml')> | undefined;
const yaml = () => (yamlModule ??= import('yaml'));

async function parseYaml(text: string, source: string): Promise<unknown> {
  const doc = (await yaml()).parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    // Only the first line: the rest quotes the file, which may hold a secret.
    const what = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ScenarioError(`${source}:${at ? `${at.line}:${at.col}` : ''}: ${what}`);
  }
  return doc.toJS();
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(`${source}: not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
}

/** `credentials[0].tokens[1].state`; `(root)` for the whole file. */
export function pathText(parts: readonly PropertyKey[]): string {
  return formatPath(parts) || '(root)';
}

/** One zod issue as `<path>: <what>`, without echoing the value (it may be a secret). */
function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${pathText([...issue.path, k])}: unknown key`).join('; ');
    case 'invalid_value':
      return `${pathText(issue.path)}: expected one of ${issue.values.map(String).join('|')}`;
    case 'invalid_key':
      return `${pathText(issue.path)}: unknown name${keyChoices(issue)}`;
    case 'invalid_type':
      return `${pathText(issue.path)}: ${/received undefined$/.test(issue.message) ? 'required' : `expected ${issue.expected}`}`;
    default:
      return `${pathText(issue.path)}: ${issue.message}`;
  }
}

function keyChoices(issue: z.core.$ZodIssueInvalidKey): string {
  const values = issue.issues.flatMap((i) => (i.code === 'invalid_value' ? i.values : []));
  return values.length > 0 ? `; expected one of ${values.map(String).join('|')}` : '';
}
