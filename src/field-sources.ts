import { z } from 'zod';

// Where each answer field comes from. The spec names many answer types without their fields; for
// every field the simulator answers, its source is one of:
// - `spec`: the spec's own words name the field;
// - `client`: a real client of the service reads or sends it;
// - `vendor`: the vendor's own documentation names it;
// - `convention`: the ASP.NET Web API conventions of the service give it;
// - `assumed`: nothing above; a plausible choice, kept consistent.
// Every source but `spec` carries a one-line reason. The OpenAPI document shows them as `x-source`
// and `x-source-reason` on each property, docs/fields.md lists them, and conform labels differences
// on assumed fields.

export const SOURCE_KINDS = ['spec', 'client', 'vendor', 'convention', 'assumed'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** `spec`, or another kind with its reason. */
export type FieldSource = 'spec' | readonly [Exclude<SourceKind, 'spec'>, string];

/** A source for every field of a shape, no more and no fewer. */
export type Sources<S> = { readonly [K in keyof S]-?: FieldSource };

/** The metadata key an answer object keeps its sources under, until the document spreads them over its properties. */
export const SOURCES_KEY = 'x-sources';

/** An answer object, shared as a component named `id`, whose every field says where it comes from. */
export function answerObject<S extends z.ZodRawShape>(
  id: string,
  shape: S,
  sources: Sources<S>,
  description?: string,
): z.ZodObject<S> {
  return z.object(shape).meta({ id, [SOURCES_KEY]: sources, ...(description ? { description } : {}) });
}

/** Shorthands for the kinds most fields have; others are written as a pair, `['vendor', reason]`. */
export const client = (reason: string): FieldSource => ['client', reason];
export const assumed = (reason: string): FieldSource => ['assumed', reason];

/** A list row's field that repeats the record's field of the same name: assumed, as the row's fields are not shown. */
export const sameAsRecord = (row: string, record: string): FieldSource =>
  assumed(`${row}'s fields are not shown; this is the ${record} field of the same name.`);
