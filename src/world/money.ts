// Money is summed in integer cents; only the stored value is a two-place decimal.

export const toCents = (amount: number): number => Math.round(amount * 100);

export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** Percentage of an amount in cents, rounded half up to the cent. */
export const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);
