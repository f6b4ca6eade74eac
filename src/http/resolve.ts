import { EMPTY_GUID } from '../world/common.js';
import { type Endpoint, type Method, requiredNames } from './endpoint.js';
import { parseGuid } from './guid.js';

// Action selection the way the real (ASP.NET Web API) service does it, in stages:
// no path → 404; path served but not by this method → 405; method served but a required
// query name is missing → 405 when another method is registered on the path, else 404. A 405's
// Allow lists the methods the request as sent could reach: those of the path's other actions whose
// required names it carries (possibly none), never the method it was just refused.
// Paths match case-insensitively, a trailing slash is accepted, route ids must be Guids.
// Version 1 runs on conventional routing (`api/{controller}/{id}`), where a single-record GET's id
// may also come from the query string (`GET /api/clients/?Id=<guid>`): tried when nothing else matched.

export type Resolution =
  | { kind: 'match'; endpoint: Endpoint; route: Record<string, string> }
  /** No action matched: `namesMissing` when an action of the method serves the path but a required name is missing. */
  | { kind: 'notFound'; namesMissing?: true }
  | { kind: 'methodNotAllowed'; allow: Method[] };

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  endpoint: Endpoint;
  segments: Segment[];
  required: string[];
}

/** Query values by lowercase name (http/query.ts). */
type Query = ReadonlyMap<string, readonly string[]>;

export interface Resolver {
  resolve(method: string, path: string, query: Query): Resolution;
}

/** An endpoint reached with its last route id in the query: the path without the id segment. */
interface IdInQuery {
  endpoint: Endpoint;
  segments: Segment[];
  /** The route parameter, and its query name (lowercase). */
  param: string;
  name: string;
}

export function createResolver(table: readonly Endpoint[]): Resolver {
  const bySegmentCount = new Map<number, CompiledRoute[]>();
  for (const endpoint of table) {
    const segments = splitPath(endpoint.path).map(
      (s): Segment => (s.startsWith('{') ? { param: s.slice(1, -1) } : { literal: s.toLowerCase() }),
    );
    const list = bySegmentCount.get(segments.length) ?? [];
    list.push({ endpoint, segments, required: requiredNames(endpoint) });
    bySegmentCount.set(segments.length, list);
  }

  const idInQuery: IdInQuery[] = [];
  for (const endpoint of table) {
    const segments = splitPath(endpoint.path);
    const last = segments.at(-1) ?? '';
    if (!endpoint.idInQuery || !last.startsWith('{')) continue;
    const param = last.slice(1, -1);
    const head = segments.slice(0, -1).map((s): Segment => ({ literal: s.toLowerCase() }));
    idInQuery.push({ endpoint, segments: head, param, name: param.toLowerCase() });
  }
  const byQueryId = (method: string, path: string, query: Query) => {
    const parts = splitPath(path);
    for (const r of idInQuery) {
      if (r.endpoint.method !== method || r.segments.length !== parts.length) continue;
      const text = query.get(r.name)?.[0];
      if (text === undefined) continue;
      // The id is the record action's own Guid: an empty value binds as the empty Guid.
      const id = text.trim() === '' ? EMPTY_GUID : parseGuid(text);
      if (id !== undefined && matchSegments(r.segments, parts))
        return { endpoint: r.endpoint, route: { [r.param]: id } };
    }
    return undefined;
  };

  type OnPath = Array<{ route: CompiledRoute; values: Record<string, string> }>;
  // Clients call the same few paths over and over: remember which routes each path matched.
  const seen = new Map<string, OnPath>();
  const routesOn = (path: string): OnPath => {
    let onPath = seen.get(path);
    if (onPath) return onPath;
    const parts = splitPath(path);
    onPath = [];
    for (const route of bySegmentCount.get(parts.length) ?? []) {
      const values = matchSegments(route.segments, parts);
      if (values) onPath.push({ route, values });
    }
    if (seen.size >= MAX_SEEN_PATHS) seen.clear();
    seen.set(path, onPath);
    return onPath;
  };

  return {
    resolve(method, path, query) {
      const hasName = (name: string) => query.has(name);
      const onPath = routesOn(path);
      const sameMethod = onPath.filter((m) => m.route.endpoint.method === method);
      for (const m of sameMethod) {
        if (m.route.required.every(hasName)) return { kind: 'match', endpoint: m.route.endpoint, route: m.values };
      }
      const fromQuery = idInQuery.length > 0 ? byQueryId(method, path, query) : undefined;
      if (fromQuery) return { kind: 'match', ...fromQuery };
      if (onPath.length === 0) return { kind: 'notFound' };

      const others = onPath.filter((m) => m.route.endpoint.method !== method);
      if (sameMethod.length > 0 && others.length === 0) return { kind: 'notFound', namesMissing: true };
      const reachable = others.filter((m) => m.route.required.every(hasName));
      return { kind: 'methodNotAllowed', allow: [...new Set(reachable.map((m) => m.route.endpoint.method))] };
    },
  };
}

const MAX_SEEN_PATHS = 4096;

function splitPath(path: string): string[] {
  const trimmed = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if ('literal' in segment) {
      if (part.toLowerCase() !== segment.literal) return undefined;
    } else {
      const id = parseGuid(safeDecode(part));
      if (id === undefined) return undefined;
      values[segment.param] = id;
    }
  }
  return values;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
