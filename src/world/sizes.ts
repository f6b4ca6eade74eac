// World sizes on their own, so the scenario schema and the CLI can name them without loading the
// generator (faker and its locale data are loaded on first world generation only).

export const WORLD_SIZES = ['small', 'standard', 'large'] as const;
export type WorldSize = (typeof WORLD_SIZES)[number];
