import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type Method } from '../../src/http/endpoint.js';
import { guid, routeGuid, string } from '../../src/http/params.js';
import { reply } from '../../src/http/reply.js';
import { createResolver } from '../../src/http/resolve.js';

// The resolution stages as a pure function over a table shaped like the API's own paths.

const ep = (method: Method, path: string, query: Record<string, ReturnType<typeof guid>> = {}) =>
  defineEndpoint({
    operationId: `${method} ${path}`,
    method,
    path,
    tag: 't',
    summary: 's',
    auth: 'bearer',
    query,
    route: path.includes('{') ? { id: routeGuid('id') } : undefined,
    response: { description: 'd', schema: z.unknown() },
    errors: {},
    handler: () => reply.empty(),
  });

const table = [
  ep('GET', '/api/v2/appointments', { siteId: guid({ description: '' }), stateId: guid({ description: '' }) }),
  ep('POST', '/api/v2/appointments', { siteId: guid({ description: '' }) }),
  ep('GET', '/api/v2/appointments/{id}'),
  ep('DELETE', '/api/v2/appointments/{id}'),
  ep('GET', '/api/v2/appointments/availabletimes', { siteId: guid({ description: '' }) }),
  ep('GET', '/api/v2/packages', { siteId: guid({ description: '' }), find: string({ description: '' }) as never }),
];
const resolver = createResolver(table);
const id = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
/** A query holding these (lowercase) names, each with an empty value. */
const has = (...names: string[]) => new Map(names.map((n) => [n, ['']]));

describe('action selection', () => {
  it.each([
    ['GET', '/api/v2/appointments', has('siteid', 'stateid'), 'match'],
    ['GET', '/api/v2/appointments', has('siteid'), 'methodNotAllowed'],
    ['GET', '/api/v2/packages', has('siteid'), 'notFound'],
    ['GET', '/api/v2/packages', has('siteid', 'find'), 'match'],
    ['PUT', '/api/v2/packages', has('siteid', 'find'), 'methodNotAllowed'],
    ['GET', '/api/v2/nothing', has(), 'notFound'],
    ['GET', `/api/v2/appointments/${id}`, has(), 'match'],
    ['GET', '/api/v2/appointments/not-a-guid', has(), 'notFound'],
    ['PUT', `/api/v2/appointments/${id}`, has(), 'methodNotAllowed'],
    ['GET', '/API/V2/Packages/', has('siteid', 'find'), 'match'],
    ['GET', '/api/v2/appointments/availabletimes', has('siteid'), 'match'],
  ] as const)('%s %s resolves to %s', (method, path, names, kind) => {
    expect(resolver.resolve(method, path, names).kind).toBe(kind);
  });

  it('a required name missing where another method is registered on the path answers 405', () => {
    const r = resolver.resolve('GET', '/api/v2/appointments', has('siteid'));
    expect(r).toEqual({ kind: 'methodNotAllowed', allow: ['POST'] });
    // Without siteId, POST (which needs it) is not reachable either.
    expect(resolver.resolve('GET', '/api/v2/appointments', has())).toEqual({ kind: 'methodNotAllowed', allow: [] });
  });

  it('a route id is normalised to its lowercase Guid', () => {
    const r = resolver.resolve('GET', `/api/v2/appointments/${id.toUpperCase()}`, has());
    expect(r.kind === 'match' && r.route.id).toBe(id);
  });
});
