import type { ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import type { Param } from '../http/params.js';

export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})?$';

const REQUIRED_BY_NAME =
  'Required by name: the name must be in the URL even when no value is wanted (send it empty); without it no ' +
  'action matches (404, or 405 where the path serves another method).';

/** One query or route parameter, with the API's required-by-name rule spelled out. */
export function parameterObject(
  name: string,
  param: Param<unknown>,
  location: 'query' | 'path',
  example?: string,
): ParameterObject {
  const schema = schemaOf(param, location);
  const notes = [param.description];
  if (location === 'query' && param.required) notes.push(REQUIRED_BY_NAME);
  if (param.kind === 'guidArray')
    notes.push(
      'Repeat the name once per value (`name=a&name=b`; `name[0]=a&name[1]=b` also binds). Send none for no value.',
    );
  const parameter: ParameterObject = {
    name,
    in: location,
    required: location === 'path' || param.required,
    description: notes.join(' '),
    schema,
  };
  if (param.kind === 'guidArray') Object.assign(parameter, { style: 'form', explode: true });
  if (example !== undefined) parameter.example = typedExample(param, example);
  return parameter;
}

/** An example as the schema types it: the URL text `true` is the boolean true. */
function typedExample(param: Param<unknown>, text: string): unknown {
  if (param.kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (param.kind === 'byte' && /^\d+$/.test(text)) return Number(text);
  if (param.kind === 'guidArray') return text === '' ? [] : [text];
  return text;
}

function schemaOf(param: Param<unknown>, location: 'query' | 'path'): SchemaObject {
  const withDefault = (s: SchemaObject): SchemaObject =>
    param.defaultValue !== undefined && param.defaultValue !== null && !Array.isArray(param.defaultValue)
      ? { ...s, default: param.defaultValue }
      : s;
  switch (param.kind) {
    case 'guid':
      // In the query an empty value binds too (the empty Guid, or "no filter"); a route id must be a Guid.
      return location === 'path'
        ? { type: 'string', format: 'uuid' }
        : withDefault({
            anyOf: [
              { type: 'string', format: 'uuid' },
              { type: 'string', enum: [''] },
            ],
          });
    case 'dateTime':
      return {
        type: 'string',
        pattern: DATE_TIME_PATTERN,
        description: 'UTC `yyyy-MM-dd HH:mm` (a date alone is midnight).',
      };
    case 'boolean':
      return withDefault({ type: 'boolean' });
    case 'byte':
      return withDefault({ type: 'integer', minimum: 0, maximum: 255 });
    case 'guidArray':
      return { type: 'array', items: { type: 'string', format: 'uuid' } };
    case 'enum': {
      const entries = Object.entries(param.enumeration ?? {});
      const names = entries.map(([n]) => n);
      const numbers = entries.map(([, v]) => v);
      const defaultName = entries.find(([, v]) => v === param.defaultValue)?.[0];
      return {
        oneOf: [
          { type: 'string', enum: names },
          { type: 'integer', enum: numbers },
        ],
        description: `By name or number: ${entries.map(([n, v]) => `${n} = ${v}`).join(', ')}.`,
        ...(defaultName === undefined ? {} : { default: defaultName }),
      };
    }
    default:
      return withDefault({ type: 'string' });
  }
}
