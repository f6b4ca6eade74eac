import type { z } from 'zod';

// The format of a control-plane declaration: what openapi/admin.json says of one /__admin route.
// The guards' answers (401, 403, 415) and a body's (400, 413) are added by the document builder,
// so a declaration lists its success and the refusals of its own handler.

export type AdminMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface AdminAnswer {
  description: string;
  /** JSON body; absent for an empty answer. */
  schema?: z.ZodType;
  /** A body that is not JSON (the YAML document). */
  mediaType?: string;
  /** Headers of the answer, by name. */
  headers?: Record<string, AdminParam>;
}

export interface AdminParam {
  description: string;
  schema: z.ZodType;
}

export interface AdminRoute {
  operationId: string;
  method: AdminMethod;
  /** Under `/__admin`, with `{name}` segments, e.g. `/accounts/{name}/clock`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Needs no admin token and answers any Host (health probes, the document). */
  open?: boolean;
  route?: Record<string, AdminParam>;
  query?: Record<string, AdminParam>;
  /** The body the route parses with `schema`; `example` is shown in the document (and checked by its lint). */
  body?: { schema: z.ZodType; description: string; required: boolean; example?: unknown };
  answers: Record<number, AdminAnswer>;
}

/** The path as Hono routes it: `{name}` becomes `:name`. */
export const honoPath = (route: AdminRoute): string => route.path.replace(/\{(\w+)\}/g, ':$1');
