import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The layers of src/: every folder, and the files at the top of src/ in groups, with the groups each may
// import from (type imports included). test/architecture/layers.test.ts holds the code to this table and
// draws the diagram of docs/architecture.md from it.

export const SRC = path.resolve(import.meta.dirname, '../../src');

interface Layer {
  /** A folder of src/, or a name for a group of files at the top of src/. */
  name: string;
  /** The files of a group at the top of src/; a folder's group is every file under it. */
  files?: string[];
  /** What it holds, for the diagram. */
  about: string;
  /** The groups it may import from. */
  may: string[];
}

const BASE = 'base files';
const HELPERS = 'model helpers';
/** What every area may use: the shared helpers, the error vocabulary, the declaration format, the world. */
const AREA = [BASE, HELPERS, 'examples.ts', 'errors', 'http', 'world', 'accounts'];

/** Bottom up: a group may import only from groups listed before it. */
export const LAYERS: Layer[] = [
  {
    name: BASE,
    files: [
      'datetime.ts',
      'random.ts',
      'order.ts',
      'redact.ts',
      'json-depth.ts',
      'json-steps.ts',
      'path-pattern.ts',
      'field-path.ts',
      'field-sources.ts',
      'package-root.ts',
      'package-version.ts',
    ],
    about: 'datetime.ts, random.ts, redact.ts, field-sources.ts, …',
    may: [],
  },
  { name: 'world', about: 'generated world, record types', may: [BASE] },
  { name: 'auth', about: 'credential store: credentials, hashes, tokens, allow-lists', may: [BASE] },
  { name: 'faults', about: 'fault rules', may: [BASE] },
  { name: 'errors', about: 'error vocabulary: error bodies, model state, date ranges', may: [BASE] },
  { name: 'openapi', about: 'serving the committed documents', may: [BASE] },
  {
    name: 'accounts',
    about: 'store, tables, changes, files, ids, clock, journal, throttle',
    may: [BASE, 'world', 'auth', 'faults'],
  },
  {
    name: HELPERS,
    files: ['records.ts', 'numbering.ts', 'match.ts', 'row-lookup.ts', 'client-keys.ts'],
    about: 'records.ts, numbering.ts, match.ts, row-lookup.ts, client-keys.ts',
    may: [BASE, 'world', 'accounts', 'errors'],
  },
  {
    name: 'http',
    about: 'endpoint format, routing, parsing, answers, pipeline',
    may: [BASE, 'world', 'accounts', 'auth', 'faults', 'errors'],
  },
  { name: 'sites', about: 'area: sites', may: [BASE, HELPERS, 'http', 'world'] },
  {
    name: 'examples.ts',
    files: ['examples.ts'],
    about: 'picks the records of examples',
    may: [BASE, 'world', 'sites'],
  },
  { name: 'connectivity', about: 'area: ping', may: [BASE, 'http'] },
  { name: 'credentials', about: 'area: token endpoints', may: [BASE, 'auth', 'errors', 'http'] },
  { name: 'webhooks', about: 'area: subscriptions, outbox, deliveries', may: AREA },
  { name: 'appointments', about: 'area: the diary, availability', may: [...AREA, 'sites'] },
  { name: 'clients', about: 'area: clients', may: [...AREA, 'sites', 'appointments'] },
  { name: 'employees', about: 'area: staff', may: [...AREA, 'sites'] },
  { name: 'timerecords', about: 'area: time records', may: [...AREA, 'sites'] },
  { name: 'catalogue', about: 'area: catalogue lists', may: [...AREA, 'sites'] },
  { name: 'classes', about: 'area: classes and bookings', may: [...AREA, 'sites'] },
  { name: 'forms', about: 'area: client forms', may: [...AREA, 'sites'] },
  { name: 'partner', about: 'area: ClassPass', may: [...AREA, 'classes'] },
  { name: 'reports', about: 'area: sales report', may: AREA },
  {
    name: 'sales',
    about: 'area: documents, entries, recurring invoices',
    may: [...AREA, 'clients', 'webhooks'],
  },
  { name: 'vouchers', about: 'area: vouchers', may: [...AREA, 'sales'] },
  { name: 'versions', about: 'version 1, derived from version 2', may: ['http', 'accounts'] },
  {
    name: 'endpoints.ts',
    files: ['endpoints.ts', 'rules.ts'],
    about: 'the endpoint table, the rule list',
    may: [
      'errors',
      'http',
      'versions',
      'connectivity',
      'credentials',
      'sites',
      'appointments',
      'clients',
      'employees',
      'timerecords',
      'catalogue',
      'classes',
      'forms',
      'partner',
      'reports',
      'sales',
      'vouchers',
      'webhooks',
    ],
  },
  {
    name: 'invariants',
    about: 'what holds in every generated world',
    may: [BASE, 'world', 'appointments', 'timerecords'],
  },
  {
    name: 'scenarios',
    about: 'scenario files',
    may: [
      BASE,
      HELPERS,
      'world',
      'accounts',
      'auth',
      'faults',
      'errors',
      'http',
      'endpoints.ts',
      'appointments',
      'clients',
      'webhooks',
    ],
  },
  {
    name: 'admin',
    about: 'control plane',
    may: [BASE, 'world', 'accounts', 'auth', 'faults', 'errors', 'http', 'openapi', 'scenarios', 'webhooks'],
  },
  {
    name: 'console',
    about: 'browser pages over the control plane',
    may: [
      BASE,
      HELPERS,
      'world',
      'accounts',
      'auth',
      'errors',
      'admin',
      'scenarios',
      'appointments',
      'classes',
      'reports',
      'sales',
      'vouchers',
      'webhooks',
    ],
  },
  { name: 'docs', about: 'the docs page and front door', may: [BASE, 'accounts', 'auth'] },
  {
    name: 'app.ts, server.ts',
    files: ['app.ts', 'server.ts'],
    about: 'the simulator and its server',
    may: [
      BASE,
      'world',
      'accounts',
      'errors',
      'faults',
      'http',
      'endpoints.ts',
      'openapi',
      'docs',
      'admin',
      'console',
      'scenarios',
      'appointments',
      'clients',
      'classes',
      'sales',
      'vouchers',
      'webhooks',
    ],
  },
  {
    name: 'openapi-write',
    about: 'writes the OpenAPI documents from a running simulator',
    may: [
      BASE,
      'accounts',
      'auth',
      'errors',
      'http',
      'openapi',
      'admin',
      'scenarios',
      'endpoints.ts',
      'app.ts, server.ts',
    ],
  },
  {
    name: 'kit',
    about: 'the test kit',
    may: [BASE, 'world', 'accounts', 'auth', 'faults', 'admin', 'app.ts, server.ts'],
  },
  {
    name: 'cli-options.ts',
    files: ['cli-options.ts'],
    about: 'command-line options',
    may: [BASE, 'world', 'accounts', 'admin', 'app.ts, server.ts'],
  },
  {
    name: 'conform',
    about: 'contract probes against any account',
    may: [BASE, 'auth', 'errors', 'openapi', 'app.ts, server.ts', 'cli-options.ts'],
  },
  {
    name: 'cli-snapshot.ts',
    files: ['cli-snapshot.ts'],
    about: 'snapshot and restore commands',
    may: [BASE, 'accounts', 'admin', 'cli-options.ts'],
  },
  {
    name: 'cli-rebalance.ts',
    files: ['cli-rebalance.ts'],
    about: 'moving accounts to their nodes in a fleet',
    may: [BASE, 'accounts', 'cli-options.ts', 'cli-snapshot.ts'],
  },
  {
    name: 'cli-program.ts',
    files: ['cli-program.ts'],
    about: 'the command line',
    may: [
      BASE,
      'accounts',
      'auth',
      'scenarios',
      'conform',
      'app.ts, server.ts',
      'cli-options.ts',
      'cli-snapshot.ts',
      'cli-rebalance.ts',
    ],
  },
  {
    name: 'index.ts',
    files: ['index.ts'],
    about: 'the package',
    may: [BASE, 'accounts', 'auth', 'faults', 'kit', 'app.ts, server.ts'],
  },
];

/**
 * Imports the table does not allow, each with the reason it stays for now. Each must still occur
 * (the test fails on one that no longer does), so the list only shrinks.
 */
export const EXCEPTIONS: { from: string; to: string; reason: string }[] = [];

/** The group a file (relative to src/, with `/`) belongs to, or undefined. */
export function groupOf(file: string): string | undefined {
  const slash = file.indexOf('/');
  if (slash >= 0) {
    const folder = file.slice(0, slash);
    return LAYERS.some((l) => l.name === folder && l.files === undefined) ? folder : undefined;
  }
  return LAYERS.find((l) => l.files?.includes(file))?.name;
}

/** Every .ts file of src/, relative to src/ with `/`. */
export const sourceFiles = (): string[] =>
  (readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();

/** Every relative import of every file of src/ (import, import type, export … from, import()), as files of src/. */
export function relativeImports(): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = path
        .relative(SRC, path.resolve(SRC, path.dirname(file), m[1]!))
        .split(path.sep)
        .join('/');
      out.push({ from: file, to: target.replace(/\.js$/, '.ts') });
    }
  }
  return out;
}

const nodeId = (name: string) => name.replace(/[^a-zA-Z0-9]+/g, '_');

/**
 * The mermaid diagram of the table: a box per group, bottom-up order kept, and an arrow for each
 * import allowed that no longer chain of allowed imports already joins (the table is the whole list).
 */
export function diagram(): string {
  const may = new Map(LAYERS.map((l) => [l.name, new Set(l.may)]));
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    for (const next of may.get(from) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (reaches(next, to, seen)) return true;
      }
    }
    return false;
  };
  const lines = ['flowchart TD'];
  for (const l of LAYERS) lines.push(`  ${nodeId(l.name)}["${l.name}${l.files ? '' : '/'}: ${l.about}"]`);
  for (const l of LAYERS) {
    for (const to of l.may) {
      const others = [...(may.get(l.name) ?? [])].filter((o) => o !== to);
      if (others.some((o) => reaches(o, to) || o === to)) continue;
      lines.push(`  ${nodeId(l.name)} --> ${nodeId(to)}`);
    }
  }
  return lines.join('\n');
}
