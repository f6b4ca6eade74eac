// Writes deploy/kubernetes/haproxy-config.yaml, the ConfigMap of the fleet's HAProxy in Kubernetes, from
// deploy/haproxy.cfg: its global, defaults and frontend sections (the routing rules) as they are, and a backend
// that finds the simulator pods through the headless Service's SRV records instead of listing them.
// test/deploy/kubernetes.test.ts checks the committed file is what this writes.
//
// Usage: node scripts/kubernetes-haproxy.js [--stdout]

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'deploy/haproxy.cfg');
const TARGET = path.join(ROOT, 'deploy/kubernetes/haproxy-config.yaml');

/** Slots for pods: the StatefulSet can grow to this many replicas without a change here. */
const SLOTS = 16;

/** The sections of an HAProxy configuration, keyed `<keyword> <name>`, each with its lines (comments kept). */
function sections(text) {
  const found = new Map();
  let current;
  for (const line of text.split('\n')) {
    if (/^[a-z]/.test(line)) {
      current = [];
      found.set(line.trim(), current);
    }
    current?.push(line);
  }
  return found;
}

function section(all, key) {
  const lines = all.get(key);
  if (!lines) throw new Error(`deploy/haproxy.cfg has no section '${key}'`);
  // Blank lines and comments that trail a section belong to the next one, or to none.
  while (lines.length > 0 && /^\s*(#.*)?$/.test(lines.at(-1))) lines.pop();
  return lines.join('\n');
}

export function kubernetesConfig(source = readFileSync(SOURCE, 'utf8')) {
  const all = sections(source);
  /** A backend of deploy/haproxy.cfg with its server lines replaced by one slot per pod. */
  const backend = (key, comment) => [
    ...section(all, key)
      .split('\n')
      .filter((line) => !/^\s*server\s/.test(line) && !/^\s*# Each server's place/.test(line)),
    ...comment,
    `    server-template node 1-${SLOTS} "_http._tcp.business-api-sim.\${POD_NAMESPACE-default}.svc.cluster.local" resolvers k8s init-addr none`,
  ];
  const config = [
    '# HAProxy in front of the simulator pods (deploy/kubernetes/; docs/fleet.md, "Deploying").',
    '# Written by scripts/kubernetes-haproxy.js from deploy/haproxy.cfg: the same global, defaults and',
    '# frontend (the routing rules); the nodes are the pods behind the headless Service, from its SRV records.',
    '',
    section(all, 'global'),
    '',
    section(all, 'defaults'),
    '',
    '# The cluster DNS, as the pod sees it. A pod that restarts keeps its DNS name (the Service publishes',
    '# addresses that are not ready), so it keeps its slot, and its place on the ring, across restarts.',
    'resolvers k8s',
    '    parse-resolv-conf',
    '    accepted_payload_size 8192',
    '    hold valid 10s',
    '    hold obsolete 30s',
    '',
    section(all, 'frontend fleet'),
    '',
    "# An account's requests: always its node, never another (no health checks, no redispatch).",
    ...backend('backend nodes', [
      '    # One slot per pod found under the Service, in the order DNS answers when HAProxy starts; each',
      `    # slot's place on the ring follows its number. Up to ${SLOTS} pods; empty slots take no accounts.`,
    ]),
    '',
    '# Requests that name no account: any pod, in turn; one that refuses the connection is passed over.',
    ...backend('backend any_node', []),
  ].join('\n');
  const indented = config
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');
  return [
    '# Written by scripts/kubernetes-haproxy.js from deploy/haproxy.cfg: edit that file and run',
    '# `node scripts/kubernetes-haproxy.js` instead of editing this one.',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: business-api-sim-proxy',
    '  labels:',
    '    app.kubernetes.io/name: business-api-sim-proxy',
    '    app.kubernetes.io/part-of: business-api-sim',
    'data:',
    '  haproxy.cfg: |',
    indented,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = kubernetesConfig();
  if (process.argv.includes('--stdout')) process.stdout.write(text);
  else writeFileSync(TARGET, text);
}
