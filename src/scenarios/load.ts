import { constants, existsSync } from 'node:fs';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from 'yaml';
import type { z } from 'zod';
import type { SecretBox } from '../accounts/secret-box.js';
import { runInSlices } from '../accounts/slices.js';
import {
  type AccountSnapshot,
  isSnapshot,
  readSnapshotSteps,
  SNAPSHOT_KEY_HEADER,
  SnapshotError,
  transferBox,
} from '../accounts/snapshot.js';
import { formatPath } from '../field-path.js';
import { safeParseInSteps } from '../http/body-steps.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../json-depth.js';
import { packagePath } from '../package-root.js';
import type { Steps } from '../world/steps.js';
import { jsonSyntaxError } from './json-syntax.js';
import { canonicalEntry, loadRecordFields, type Resource } from './record-fields.js';
import { relaxedRulesProblem } from './rule-ids.js';
import { Scenario } from './schemas.js';

// Scenario files: YAML or JSON, by name (shipped in the package's scenarios/ directory) or by a
// path inside the scenario directory named at start (`--scenario-dir`, default the shipped one).
// Callers of the control plane choose the path, so it is held to that directory (symlinks
// resolved), to regular files, and to 1 MiB; and no error ever quotes the file's content.
// A file or value naming a snapshot's `format` is an account snapshot, applied as a restore is.

/** The shipped scenarios (with a trailing separator, as a directory). */
export const SCENARIOS_DIR = packagePath('scenarios') + path.sep;
const EXTENSIONS = ['.yaml', '.yml', '.json'];

/** The largest scenario file read, in bytes (1 MiB, the request body limit). */
export const MAX_SCENARIO_BYTES = 1_048_576;

/** The source name errors use for a scenario sent as an object rather than a file. */
export const INLINE = '(inline)';

/** A scenario file or value that is not a valid scenario; the message is `<file>: <path>: <what is wrong>`. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

interface Loaded {
  /** The shipped name, the file name without extension, or `(inline)`. */
  name: string;
  /** Where it came from, as errors name it. */
  source: string;
  /** What re-reads it (name or path); absent for inline scenarios. */
  reference?: string;
}

/** A scenario, or an account snapshot given where a scenario is taken. */
export type LoadedScenario =
  | (Loaded & { scenario: Scenario; snapshot?: undefined })
  | (Loaded & { snapshot: AccountSnapshot; transfer: SecretBox | undefined; scenario?: undefined });

/**
 * The passphrase a snapshot's sealed webhook secrets open with, and how the caller gives it (for
 * the error when it is missing), e.g. `the X-Snapshot-Key header`.
 */
export interface SnapshotKey {
  passphrase: string | undefined;
  givenBy: string;
}

const NO_KEY: SnapshotKey = { passphrase: undefined, givenBy: `the ${SNAPSHOT_KEY_HEADER} header` };

/**
 * The scenario directory as an absolute path, checked to be a directory (at start, so a wrong
 * `--scenario-dir` stops the start rather than every later scenario).
 */
export async function scenarioDirectory(dir: string = SCENARIOS_DIR): Promise<string> {
  const absolute = path.resolve(dir);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isDirectory()) throw new ScenarioError(`scenario directory ${absolute}: no such directory`);
  return absolute;
}

/**
 * A shipped scenario by name, or a YAML/JSON file by path: a relative path is taken from the
 * scenario directory, and the file it names (symlinks resolved) must lie inside that directory.
 */
export async function loadScenario(
  fileOrName: string,
  dir: string = SCENARIOS_DIR,
  key: SnapshotKey = NO_KEY,
): Promise<LoadedScenario> {
  const shipped = shippedFile(fileOrName);
  const file = shipped ?? (await fileInside(fileOrName, dir));
  const source = shipped ? `scenarios/${path.basename(shipped)}` : fileOrName;
  const text = await readBounded(file, fileOrName);
  const value = file.endsWith('.json') ? parseJson(text, source) : await parseYaml(text, source);
  const name = shipped ? fileOrName : path.basename(file).replace(/\.(ya?ml|json)$/i, '');
  if (isSnapshot(value))
    return { name, source, reference: fileOrName, ...(await snapshotScenario(value, source, key)) };
  return { name, source, reference: fileOrName, scenario: await parseScenario(value, source) };
}

/** A scenario given as a name or path, or inline as an object (the control plane takes both). */
export async function scenarioFrom(value: string | object, dir?: string, key?: SnapshotKey): Promise<LoadedScenario> {
  if (typeof value === 'string') return loadScenario(value, dir, key);
  if (isSnapshot(value))
    return { name: INLINE, source: INLINE, ...(await snapshotScenario(value, INLINE, key ?? NO_KEY)) };
  return { name: INLINE, source: INLINE, scenario: await parseScenario(value) };
}

/** The keys a snapshot may carry beside its own: they change nothing. */
const BESIDE_A_SNAPSHOT = new Set(['$schema', 'description']);

/**
 * A snapshot given as a scenario, checked as a restore checks it; scenario keys beside it (but a
 * description and `$schema`) are refused, as are sealed secrets without the passphrase.
 */
async function snapshotScenario(value: unknown, source: string, key: SnapshotKey) {
  const mixed = Object.keys(Scenario.shape).filter(
    (k) => !BESIDE_A_SNAPSHOT.has(k) && Object.hasOwn(value as object, k),
  );
  if (mixed.length > 0)
    throw new ScenarioError(
      `${source}: a snapshot (it has a format) cannot be mixed with scenario fields: ${mixed.join(', ')}; ` +
        'apply them as a scenario of their own after it',
    );
  let snapshot: AccountSnapshot;
  try {
    snapshot = await runInSlices(readSnapshotSteps(value));
  } catch (error) {
    if (error instanceof SnapshotError) throw new ScenarioError(`${source}: ${error.message}`);
    throw error;
  }
  const relaxed = relaxedRulesProblem(snapshot.settings.relaxedRules, 'settings.relaxedRules');
  if (relaxed) throw new ScenarioError(`${source}: ${relaxed}`);
  const { passphrase } = key;
  if (snapshot.sealedWith !== undefined && (passphrase === undefined || passphrase === ''))
    throw new ScenarioError(
      `${source}: the snapshot holds webhook signing secrets sealed under a passphrase: give the passphrase it ` +
        `was taken with (${key.givenBy})`,
    );
  // Derived off the event loop (accounts/passphrase-key.ts).
  const transfer = snapshot.sealedWith !== undefined && passphrase ? await transferBox(passphrase) : undefined;
  return { snapshot, transfer };
}

/** The real path of the file a caller named, refused unless it lies inside the scenario directory. */
async function fileInside(reference: string, dir: string): Promise<string> {
  const root = path.resolve(dir);
  const outside = () => new ScenarioError(`${reference}: scenario file must be inside the scenario directory ${root}`);
  const realRoot = await realpath(root).catch(() => {
    throw new ScenarioError(`${reference}: the scenario directory ${root} cannot be read`);
  });
  const wanted = path.resolve(root, reference);
  // Refused before the file system is asked, so a caller cannot probe which paths exist elsewhere.
  if (reference.includes('\0') || !(isInside(root, wanted) || isInside(realRoot, wanted))) throw outside();
  let real: string;
  try {
    real = await realpath(wanted);
  } catch {
    throw await notFound(reference, root);
  }
  if (!isInside(realRoot, real)) throw outside();
  return real;
}

/** Whether `file` is `root` or lies below it (the directory itself then fails as not a regular file). */
function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

async function notFound(reference: string, dir?: string): Promise<ScenarioError> {
  const names = (await listScenarios()).map((s) => s.name).join(', ');
  const where = dir === undefined ? '' : ` in ${dir}`;
  return new ScenarioError(`${reference}: no such scenario file${where} or shipped scenario (shipped: ${names})`);
}

/**
 * The file's text: a regular file of at most 1 MiB by its stat, opened without following a
 * symlink put there since, and read no further than the limit whatever its size is by then.
 */
async function readBounded(file: string, reference: string): Promise<string> {
  const notRegular = () => new ScenarioError(`${reference}: scenario file must be a regular file`);
  const tooLarge = () =>
    new ScenarioError(`${reference}: scenario file must be at most 1 MiB (${MAX_SCENARIO_BYTES} bytes)`);
  const info = await stat(file).catch(() => undefined);
  if (info === undefined) throw await notFound(reference);
  if (!info.isFile()) throw notRegular();
  if (info.size > MAX_SCENARIO_BYTES) throw tooLarge();
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw notRegular();
    throw new ScenarioError(
      `${reference}: scenario file cannot be read (${code === 'EACCES' ? 'permission denied' : (code ?? 'error')})`,
    );
  }
  try {
    if (!(await handle.stat()).isFile()) throw notRegular();
    const buffer = Buffer.alloc(MAX_SCENARIO_BYTES + 1);
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, size);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    if (size > MAX_SCENARIO_BYTES) throw tooLarge();
    return buffer.toString('utf8', 0, size);
  } finally {
    await handle.close();
  }
}

/**
 * Validates a scenario value (e.g. sent inline to the control plane), in slices of the event loop's
 * time: a scenario near 1 MiB holds some 16 000 records, tens of ms to check.
 */
export async function parseScenario(value: unknown, source = INLINE): Promise<Scenario> {
  const result = await runInSlices(safeParseInSteps(Scenario, value, false));
  if (!result.success)
    throw new ScenarioError(result.error.issues.map((i) => `${source}: ${describeIssue(i)}`).join('\n'));
  const scenario = result.data as Scenario;
  const { records } = scenario;
  if (!records) return scenario;
  await loadRecordFields();
  return { ...scenario, records: await runInSlices(checkedRecords(records, source)) };
}

/** Record entries checked in one step. */
const ENTRIES_PER_STEP = 64;

/**
 * The record entries with their field names spelt as the API spells them (names match
 * case-insensitively), nested fields too; a name no field of the resource has, at any depth, is an
 * error naming the entry, the field's path and the closest field, so a misspelt field is not
 * silently dropped.
 */
function* checkedRecords(
  records: NonNullable<Scenario['records']>,
  source: string,
): Steps<NonNullable<Scenario['records']>> {
  const problems: string[] = [];
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [resource, entries] of Object.entries(records) as [Resource, Record<string, unknown>[] | undefined][]) {
    if (!entries) continue;
    const checkedEntries: Record<string, unknown>[] = [];
    out[resource] = checkedEntries;
    for (const [index, entry] of entries.entries()) {
      if (index % ENTRIES_PER_STEP === 0) yield;
      const checked = canonicalEntry(resource, entry);
      if ('entry' in checked) {
        checkedEntries.push(checked.entry);
        continue;
      }
      for (const { path: where, field, known, closest } of checked.unknown) {
        const hint = closest ? `; did you mean ${closest}?` : `; known fields: ${known.join(', ')}`;
        const at = pathText(['records', resource, index, ...where]);
        // A nested field is named with the fields it lies in: `in AppointmentServices.Employees of a …`.
        const within = where.slice(0, -1).filter((p) => typeof p === 'string');
        const place = within.length > 0 ? `${within.join('.')} of a ${resource} record` : `a ${resource} record`;
        problems.push(`${source}: ${at}: no field ${field} in ${place}${hint}`);
      }
      checkedEntries.push(entry);
    }
  }
  if (problems.length > 0) throw new ScenarioError(problems.join('\n'));
  return out as NonNullable<Scenario['records']>;
}

/** The shipped scenarios, by name, with their descriptions. */
export async function listScenarios(): Promise<{ name: string; description: string }[]> {
  let files: string[];
  try {
    files = (await readdir(SCENARIOS_DIR))
      .filter((f) => EXTENSIONS.includes(path.extname(f)) && !f.endsWith('.schema.json'))
      .sort();
  } catch {
    return [];
  }
  const out: { name: string; description: string }[] = [];
  for (const file of files) {
    const text = await readFile(path.join(SCENARIOS_DIR, file), 'utf8');
    const value = (file.endsWith('.json') ? JSON.parse(text) : (await yaml()).parseDocument(text).toJS()) as {
      description?: unknown;
    };
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

/**
 * The kind of each YAML error, by its code. The library's own messages can quote the file (a tag,
 * an escape, the characters a line starts with) and come with an excerpt of it, so only these
 * texts and the few fixed messages below are ever shown.
 */
const YAML_PROBLEMS: Record<ErrorCode, string> = {
  ALIAS_PROPS: 'an alias cannot have an anchor or a tag',
  BAD_ALIAS: 'an alias that names no anchor',
  BAD_COLLECTION_TYPE: 'a tag that does not fit its collection',
  BAD_DIRECTIVE: 'a directive that is not valid',
  BAD_DQ_ESCAPE: 'an escape sequence that is not valid in a double-quoted string',
  BAD_INDENT: 'bad indentation',
  BAD_PROP_ORDER: 'an anchor or tag in the wrong place',
  BAD_SCALAR_START: 'a plain value that starts with a reserved character',
  BLOCK_AS_IMPLICIT_KEY: 'a nested mapping where a key should be',
  BLOCK_IN_FLOW: 'a block collection inside a flow collection',
  DUPLICATE_KEY: 'map keys must be unique',
  IMPOSSIBLE: 'YAML that cannot be read',
  KEY_OVER_1024_CHARS: 'an implicit key longer than 1024 characters',
  MISSING_CHAR: 'a missing character (a closing quote or bracket, a comma, a colon or a space)',
  MULTILINE_IMPLICIT_KEY: 'an implicit key over more than one line',
  MULTIPLE_ANCHORS: 'more than one anchor on a node',
  MULTIPLE_DOCS: 'more than one YAML document',
  MULTIPLE_TAGS: 'more than one tag on a node',
  NON_STRING_KEY: 'a key that is not a string',
  RESOURCE_EXHAUSTION: 'nesting too deep to read',
  TAB_AS_INDENT: 'a tab used as indentation',
  TAG_RESOLVE_FAILED: 'a tag that cannot be resolved',
  UNEXPECTED_TOKEN: 'an unexpected token',
};

/** Messages of the library that are fixed text (nothing from the file), shown as they are. */
const FIXED_YAML_MESSAGES = new Set([
  'Missing closing "quote',
  "Missing closing 'quote",
  'Map keys must be unique',
  'Tabs are not allowed as indentation',
  'Implicit keys need to be on a single line',
  'Implicit map keys need to be followed by map values',
  'All sequence items must start at the same column',
  'Sequence item without - indicator',
  'Nested mappings are not allowed in compact mappings',
  'Missing , between flow map items',
  'Missing , between flow sequence items',
  'Missing , or : between flow map items',
]);

async function parseYaml(text: string, source: string): Promise<unknown> {
  const doc = (await yaml()).parseDocument(text);
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const what = FIXED_YAML_MESSAGES.has(message) ? message : (YAML_PROBLEMS[error.code] ?? 'YAML that cannot be read');
    throw new ScenarioError(`${source}:${at ? `${at.line}:${at.col}` : ''}: not valid YAML: ${what}`);
  }
  try {
    return doc.toJS();
  } catch {
    // An alias naming no anchor, or aliases that expand too far; the library's message names the alias.
    throw new ScenarioError(`${source}: not valid YAML: an alias that names no anchor, or aliases that expand too far`);
  }
}

/** JSON.parse's messages quote the text around the error, so the position and kind come from our own scan. */
function parseJson(text: string, source: string): unknown {
  if (nestedTooDeep(text)) throw new ScenarioError(`${source}: nested more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text);
  } catch {
    const error = jsonSyntaxError(text);
    if (!error) throw new ScenarioError(`${source}: not valid JSON`);
    throw new ScenarioError(`${source}:${error.line}:${error.column}: not valid JSON: ${error.problem}`);
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
    case 'invalid_type': {
      const problem = /received undefined$/.test(issue.message) ? 'required' : `expected ${issue.expected}`;
      return `${pathText(issue.path)}: ${problem}`;
    }
    default:
      return `${pathText(issue.path)}: ${issue.message}`;
  }
}

function keyChoices(issue: z.core.$ZodIssueInvalidKey): string {
  const values = issue.issues.flatMap((i) => (i.code === 'invalid_value' ? i.values : []));
  return values.length > 0 ? `; expected one of ${values.map(String).join('|')}` : '';
}
