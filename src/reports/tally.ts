// Figures of one report row, in integer cents while summing.

export const FIGURES = [
  'Services',
  'Products',
  'Packages',
  'Other',
  'Refunds',
  'VoucherSales',
  'VoucherRedemptions',
  'Gratuities',
] as const;
export type FigureName = (typeof FIGURES)[number];

export type Tally = Record<FigureName, { count: number; cents: number }>;

export function emptyTally(): Tally {
  return Object.fromEntries(FIGURES.map((f) => [f, { count: 0, cents: 0 }])) as Tally;
}

export function addTo(tally: Tally, figure: FigureName, count: number, cents: number): void {
  tally[figure].count += count;
  tally[figure].cents += cents;
}

const SALES: readonly FigureName[] = ['Services', 'Products', 'Packages', 'Other'];

/** The answer's figures: decimals from cents, and NetSales = sales lines − refunds. */
export function figuresOf(tally: Tally) {
  const out: Record<string, { Count: number; Amount: number }> = {};
  for (const f of FIGURES) out[f] = { Count: tally[f].count, Amount: tally[f].cents / 100 };
  const net = SALES.reduce((n, f) => ({ count: n.count + tally[f].count, cents: n.cents + tally[f].cents }), {
    count: 0,
    cents: 0,
  });
  out.NetSales = { Count: net.count - tally.Refunds.count, Amount: (net.cents - tally.Refunds.cents) / 100 };
  return out;
}
