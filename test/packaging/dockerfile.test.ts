import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The image read as text (no Docker here): its base, its user, its data volume, and compose.yaml
// agreeing with it.

const root = path.resolve(import.meta.dirname, '../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'));

/** Instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim().replace(/\s+/g, ' '))
  .filter((line) => line !== '' && !line.startsWith('#'));
const args = new Map(
  instructions.flatMap((i) => {
    const arg = /^ARG (\w+)=(\S+)$/.exec(i);
    return arg ? [[arg[1]!, arg[2]!] as const] : [];
  }),
);
const bases = instructions
  .filter((i) => i.startsWith('FROM '))
  .map((i) => i.split(/\s+/)[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args.get(name) ?? ''));
const port = Number(/^EXPOSE (\d+)$/m.exec(instructions.join('\n'))?.[1]);
const simulator = compose.services.simulator;

describe('Dockerfile', () => {
  it('every stage is based on a Node LTS line of 22 or later, pinned to a minor', () => {
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) {
      const match = /^node:(\d+)\.(\d+)(\.\d+)?-slim$/.exec(base);
      expect(match, base).not.toBeNull();
      const major = Number(match![1]);
      // Even majors become LTS; odd ones never do.
      expect(major % 2, base).toBe(0);
      expect(major, base).toBeGreaterThanOrEqual(22);
    }
  });

  it('/data is created owned by the node user and declared a volume', () => {
    expect(instructions.some((i) => /^RUN .*mkdir -p \/data\b.*chown node:node \/data\b/.test(i))).toBe(true);
    expect(instructions.some((i) => /^VOLUME \[?"?\/data"?\]?$/.test(i))).toBe(true);
  });

  it('the server runs as the node user, bound to 0.0.0.0, with options appended after the image name', () => {
    const users = instructions.filter((i) => i.startsWith('USER '));
    expect(users.at(-1)).toBe('USER node');
    const entry = instructions.findIndex((i) => i.startsWith('ENTRYPOINT '));
    expect(instructions.indexOf('USER node')).toBeLessThan(entry);
    expect(JSON.parse(instructions[entry]!.slice('ENTRYPOINT '.length))).toEqual([
      'node',
      'dist/cli.js',
      '--host',
      '0.0.0.0',
    ]);
    expect(instructions).toContain(`ENV NODE_ENV=production PORT=${port}`);
  });
});

describe('compose.yaml', () => {
  it('publishes the port the image exposes', () => {
    expect(port).toBe(4010);
    expect(simulator.ports.map((p: string) => Number(p.split(':').at(-1)))).toEqual([port]);
  });

  it('mounts a named volume at /data and starts the simulator with --data-dir /data', () => {
    const [volume, target] = (simulator.volumes[0] as string).split(':');
    expect(target).toBe('/data');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(simulator.command.join(' ')).toContain('--data-dir /data');
  });

  it('asks for the control-plane token instead of holding one', () => {
    expect(simulator.environment.BUSINESS_API_SIM_ADMIN_TOKEN).toMatch(/^\$\{BUSINESS_API_SIM_ADMIN_TOKEN:\?/);
  });
});
