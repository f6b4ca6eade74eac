import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HAPROXY, HAPROXY_CFG, haproxyCheck, haproxySection, ROOT, readText } from './haproxy.js';

// deploy/compose.yaml: three simulators and HAProxy in front of them. Docker is not at hand in the
// tests, so the file is read as Compose reads it (YAML with merge keys) and checked for its structure.

interface Service {
  hostname?: string;
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: string[];
}
const compose = parse(readText('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const NODES = ['sim-1', 'sim-2', 'sim-3'];
const haproxyCfg = readText('deploy/haproxy.cfg');

describe('deploy/compose.yaml', () => {
  it('three simulator services built from the repository Dockerfile, each with its own named volume at /data', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['haproxy', ...NODES]);
    const volumes = NODES.map((node) => {
      const service = compose.services[node]!;
      expect(path.resolve(ROOT, 'deploy', service.build!.context, service.build!.dockerfile)).toBe(
        path.join(ROOT, 'Dockerfile'),
      );
      expect(service.command, node).toEqual(['--data-dir', '/data', '--node-name', node]);
      expect(service.volumes, node).toHaveLength(1);
      const [volume, mount] = service.volumes![0]!.split(':');
      expect(mount, node).toBe('/data');
      expect(Object.keys(compose.volumes), node).toContain(volume);
      return volume;
    });
    expect(new Set(volumes).size).toBe(NODES.length);
  });

  it('every node has a stable host name of its own, its service name: a container re-created after an unclean stop finds its lock left by its own host', () => {
    // .simulator.lock names the host that holds the data directory; on the same host a lock whose process is
    // gone does not block (test/persistence/data-lock.test.ts), one of another host does.
    expect(NODES.map((node) => compose.services[node]!.hostname)).toEqual(NODES);
  });

  it('every node requires the same admin token from the environment and lists the three as its peers', () => {
    for (const node of NODES) {
      const env = compose.services[node]!.environment!;
      expect(env.BUSINESS_API_SIM_ADMIN_TOKEN, node).toBe(
        `\${BUSINESS_API_SIM_ADMIN_TOKEN:?set BUSINESS_API_SIM_ADMIN_TOKEN}`,
      );
      expect(env.BUSINESS_API_SIM_PEERS?.split(','), node).toEqual(NODES.map((n) => `http://${n}:4010`));
    }
  });

  it('HAProxy 2.6 or later runs deploy/haproxy.cfg read-only, published on 127.0.0.1:8080, its default nodes the services', () => {
    const proxy = compose.services.haproxy!;
    const [, major, minor] = /^haproxy:(\d+)\.(\d+)/.exec(proxy.image!) ?? [];
    expect(Number(major) * 100 + Number(minor)).toBeGreaterThanOrEqual(206);
    expect(proxy.volumes).toEqual(['./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    expect(existsSync(path.join(ROOT, 'deploy/haproxy.cfg'))).toBe(true);
    expect(proxy.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(haproxySection(haproxyCfg, 'frontend fleet')).toContain(`bind "\${FLEET_BIND-:8080}"`);
    expect(proxy.depends_on).toEqual(NODES);
    const servers = [...haproxySection(haproxyCfg, 'backend nodes').matchAll(/\$\{SIM_NODE_\d+-([^}]+)\}/g)];
    expect(servers.map((m) => m[1])).toEqual(NODES.map((n) => `${n}:4010`));
  });

  it.skipIf(!HAPROXY)(
    HAPROXY
      ? 'haproxy -c accepts deploy/haproxy.cfg'
      : 'haproxy -c accepts deploy/haproxy.cfg skipped: haproxy is not installed',
    () => {
      const check = haproxyCheck(HAPROXY_CFG, {
        SIM_NODE_1: '127.0.0.1:1',
        SIM_NODE_2: '127.0.0.1:2',
        SIM_NODE_3: '127.0.0.1:3',
      });
      expect(check.output).toContain('Configuration file is valid');
      expect(check.status).toBe(0);
    },
  );
});
