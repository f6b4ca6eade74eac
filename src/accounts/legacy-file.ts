import { z } from 'zod';
import { DEMO_API_KEY } from '../auth/credentials.js';
import { sha256 } from '../auth/hash.js';
import type { Change } from './changes.js';
import { problemOf, Settings } from './data-schema.js';
import { type AccountSettings, TOKENS } from './tables.js';
import { COLLECTIONS, RECORD_KEYS, recordKey, templateCollection, worldFor } from './worlds.js';

// Files of the first format held the whole world. They are read once, reduced to what differs from
// the world generated from their seed, and rewritten in the current format.

const Legacy = z.object({
  settings: Settings,
  auth: z.object({
    credentials: z.array(z.record(z.string(), z.unknown())),
    tokens: z.record(z.string(), z.record(z.string(), z.unknown())),
    apiKeys: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
  world: z.object(Object.fromEntries(COLLECTIONS.map((key) => [key, z.array(z.record(z.string(), z.unknown()))]))),
  webhooks: z.array(z.object({ webhook_id: z.string(), secret_sealed: z.string() }).passthrough()).optional(),
});

type LegacyData = z.infer<typeof Legacy>;

export async function migrateLegacy(
  file: string,
  value: unknown,
  name: string,
): Promise<{ settings: AccountSettings; changes: Change[] }> {
  const plain = ((value as { webhooks?: unknown[] }).webhooks ?? []).findIndex(
    (w) => typeof w === 'object' && w !== null && 'secret' in w,
  );
  if (plain >= 0) {
    throw new Error(
      `${file}: webhooks[${plain}]: holds a plain signing secret (written ` +
        `before secrets were sealed); remove that webhook from the file ` +
        `and register it again`,
    );
  }
  const problem = problemOf(Legacy, value);
  if (problem) throw new Error(`${file}: ${problem}`);
  const data = value as LegacyData;
  const settings = data.settings as AccountSettings;
  if (settings.name !== name)
    throw new Error(`${file}: settings.name: expected '${name}' (the file's name), got '${settings.name}'`);
  const world = worldFor(settings.seed, settings.size, settings.day);
  const changes: Change[] = [];
  for (const key of COLLECTIONS) {
    const field = RECORD_KEYS[key];
    const generated = new Map(templateCollection(world, key).map((r) => [recordKey(key, r), JSON.stringify(r)]));
    const kept = new Set<unknown>();
    for (const row of data.world[key] ?? []) {
      kept.add(row[field]);
      if (generated.get(row[field]) !== JSON.stringify(row)) changes.push([key, String(row[field]), row]);
    }
    for (const id of generated.keys()) if (!kept.has(id)) changes.push([key, String(id), null]);
  }
  for (const c of data.auth.credentials) changes.push(['credentials', String(c.id), c]);
  const apiKeys = data.auth.apiKeys ?? [
    { id: 'apikey-1', keyHash: sha256(DEMO_API_KEY), active: true, createdAt: Date.parse(settings.day) },
  ];
  for (const k of apiKeys) changes.push(['apiKeys', String(k.id), k]);
  for (const [hash, record] of Object.entries(data.auth.tokens)) changes.push([TOKENS, hash, record]);
  for (const w of data.webhooks ?? []) changes.push(['webhooks', w.webhook_id, w]);
  return { settings, changes };
}
