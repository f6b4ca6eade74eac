import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { HAPROXY, haproxyCheck, haproxySection, ROOT, readText } from './haproxy.js';

// deploy/kubernetes/: the simulator nodes as a StatefulSet behind a headless Service, and HAProxy
// finding them through its SRV records. Its HAProxy configuration is written from deploy/haproxy.cfg,
// so the routing rules are the same in both.

// Kubernetes objects, read as the cluster would.
type Manifest = any;
const DIR = 'deploy/kubernetes';
const manifests: Manifest[] = readdirSync(path.join(ROOT, DIR))
  .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
  .flatMap((file) => parseAllDocuments(readText(`${DIR}/${file}`)).map((doc) => doc.toJS()));
const find = (kind: string, name: string): Manifest => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const statefulSet = find('StatefulSet', 'business-api-sim');
const headless = find('Service', 'business-api-sim');
const configMap = find('ConfigMap', 'business-api-sim-proxy');
const proxy = find('Deployment', 'business-api-sim-proxy');
const proxyService = find('Service', 'business-api-sim-proxy');
const config: string = configMap.data['haproxy.cfg'];
const simulator = statefulSet.spec.template.spec.containers[0];
const envOf = (container: Manifest, name: string) => container.env.find((e: Manifest) => e.name === name);

const work = mkdtempSync(path.join(tmpdir(), 'sim-k8s-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('deploy/kubernetes: the nodes', () => {
  it('a StatefulSet gives each pod its own volume at /data, used as its data directory', () => {
    expect(statefulSet.spec.serviceName).toBe(headless.metadata.name);
    const [claim] = statefulSet.spec.volumeClaimTemplates;
    expect(claim.spec.accessModes).toEqual(['ReadWriteOnce']);
    expect(simulator.volumeMounts).toEqual([{ name: claim.metadata.name, mountPath: '/data' }]);
    expect(simulator.args).toEqual(['--data-dir', '/data']);
  });

  it('the node name is the pod name (downward API), the admin token comes from a Secret', () => {
    expect(envOf(simulator, 'BUSINESS_API_SIM_NODE_NAME').valueFrom).toEqual({
      fieldRef: { fieldPath: 'metadata.name' },
    });
    expect(envOf(simulator, 'BUSINESS_API_SIM_ADMIN_TOKEN').valueFrom.secretKeyRef).toEqual({
      name: 'business-api-sim',
      key: 'admin-token',
    });
    expect(envOf(simulator, 'BUSINESS_API_SIM_PEERS').value).toBe(`dns+http://${headless.metadata.name}:4010`);
    expect(manifests.some((m) => m.kind === 'Secret')).toBe(false);
  });

  it('each pod’s host name is its own stable pod name (none set in the template): a pod re-created after an unclean stop finds its lock left by its own host', () => {
    // A fixed `hostname` would give every pod the same one.
    expect(statefulSet.spec.template.spec.hostname).toBeUndefined();
  });

  it('a pod is ready when /__admin/health answers, on the port named http', () => {
    expect(simulator.readinessProbe.httpGet).toEqual({ path: '/__admin/health', port: 'http' });
    expect(simulator.ports).toEqual([{ name: 'http', containerPort: 4010 }]);
  });

  it('the headless Service keeps not-ready pods in DNS and names its port http, for _http._tcp SRV records', () => {
    expect(headless.spec.clusterIP).toBe('None');
    expect(headless.spec.publishNotReadyAddresses).toBe(true);
    expect(headless.spec.ports).toEqual([{ name: 'http', port: 4010, targetPort: 'http', protocol: 'TCP' }]);
    expect(headless.spec.selector).toEqual(statefulSet.spec.template.metadata.labels);
    expect(statefulSet.spec.selector.matchLabels).toEqual(statefulSet.spec.template.metadata.labels);
  });
});

describe('deploy/kubernetes: HAProxy', () => {
  it('haproxy-config.yaml is what scripts/kubernetes-haproxy.js writes from deploy/haproxy.cfg', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/kubernetes-haproxy.js'), '--stdout'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(readText(`${DIR}/haproxy-config.yaml`)).toBe(run.stdout);
  });

  it('its routing rules (the frontend), global and defaults are exactly those of deploy/haproxy.cfg', () => {
    const fleet = readText('deploy/haproxy.cfg');
    for (const key of ['global', 'defaults', 'frontend fleet']) {
      expect(haproxySection(config, key), key).toBe(haproxySection(fleet, key));
    }
    const backend = haproxySection(config, 'backend nodes');
    expect(backend).toContain('balance hash var(txn.account)');
    expect(backend).toContain('hash-type consistent');
  });

  it('the nodes are slots filled from the SRV records of the headless Service, in the proxy pod namespace', () => {
    const backend = haproxySection(config, 'backend nodes');
    const port = headless.spec.ports[0].name;
    const srv = `_${port}._tcp.${headless.metadata.name}.\${POD_NAMESPACE-default}.svc.cluster.local`;
    const lines = backend.split('\n').map((line) => line.trim());
    expect(lines).toContain(`server-template node 1-16 "${srv}" resolvers k8s init-addr none`);
    expect(backend).not.toMatch(/^\s+server\s/m);
    expect(haproxySection(config, 'resolvers k8s')).toContain('parse-resolv-conf');
    const container = proxy.spec.template.spec.containers[0];
    expect(envOf(container, 'POD_NAMESPACE').valueFrom).toEqual({ fieldRef: { fieldPath: 'metadata.namespace' } });
  });

  it('one HAProxy runs the ConfigMap, behind a Service on the port it binds', () => {
    expect(proxy.spec.replicas).toBe(1);
    expect(proxy.spec.strategy.type).toBe('Recreate');
    const pod = proxy.spec.template.spec;
    const container = pod.containers[0];
    expect(container.image).toMatch(/^haproxy:(2\.(6|[7-9])|[3-9]\.)/);
    const mount = container.volumeMounts.find((m: Manifest) => m.mountPath === '/usr/local/etc/haproxy');
    const volume = pod.volumes.find((v: Manifest) => v.name === mount.name);
    expect(volume.configMap.name).toBe(configMap.metadata.name);
    expect(haproxySection(config, 'frontend fleet')).toContain(`bind "\${FLEET_BIND-:8080}"`);
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    expect(proxyService.spec.selector).toEqual(proxy.spec.selector.matchLabels);
    expect(proxyService.spec.ports[0].targetPort).toBe('http');
  });

  it('kustomization.yaml lists every manifest of the directory', () => {
    const kustomization = parseAllDocuments(readText(`${DIR}/kustomization.yaml`))[0]!.toJS();
    const files = readdirSync(path.join(ROOT, DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it.skipIf(!HAPROXY)(
    HAPROXY
      ? 'haproxy -c accepts the Kubernetes configuration'
      : 'haproxy -c accepts the Kubernetes configuration skipped: haproxy is not installed',
    () => {
      const file = path.join(work, 'haproxy.cfg');
      writeFileSync(file, config);
      const check = haproxyCheck(file, { POD_NAMESPACE: 'fleet' });
      expect(check.output).toContain('Configuration file is valid');
      expect(check.status).toBe(0);
    },
  );
});
