import { z } from 'zod';
import { formatDateTime, parseDateTime } from '../datetime.js';

// Value types of request bodies, bound the way the query binds them.

/** Text of at most `max` characters, with the model-state message ASP.NET's StringLength gives. */
export const text = (max: number) =>
  z.string().max(max, { error: `The field must be a string with a maximum length of ${max}.` });

/** A Byte enumeration: only the listed numbers, like ASP.NET refusing an undefined enum value. */
export const byteEnum = <const V extends readonly [number, ...number[]]>(name: string, values: V) =>
  z.literal(values, { error: (issue) => `The value '${String(issue.input)}' is not valid for ${name}.` });

/** A Guid in a body, any case, kept lowercase. */
export const bodyGuid = z.guid().transform((id) => id.toLowerCase());

/** A UTC DateTime in a body (`yyyy-MM-dd HH:mm`, a date alone, or ISO 8601 with Z), kept as `yyyy-MM-dd HH:mm`. */
export const bodyDateTime = z
  .string()
  .meta({ description: 'UTC `yyyy-MM-dd HH:mm`.', examples: ['2026-03-21 10:00'] })
  .transform((text, ctx) => {
    const ms = parseDateTime(text);
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: `The value '${text}' is not valid for DateTime.` });
      return z.NEVER;
    }
    return formatDateTime(ms);
  });
