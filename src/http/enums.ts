// Enumerations of the API. Parameters accept the name (any case) or the number.

export type Enumeration = Readonly<Record<string, number>>;

export const ItemStates = { All: 0, Active: 1, Inactive: 2 } as const;
export const ClassTypes = { All: 0, Class: 1, Event: 2 } as const;
export const AccountingEntryTypes = {
  Receipt: 1,
  Payment: 2,
  RecurringReceipt: 10,
  RecurringPayment: 11,
} as const;

/** Looks a parameter value up by name (case-insensitive) or number; undefined when it is neither. */
export function enumValue(enumeration: Enumeration, text: string): number | undefined {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const n = Number(trimmed);
    return Object.values(enumeration).includes(n) ? n : undefined;
  }
  const lower = trimmed.toLowerCase();
  for (const [name, value] of Object.entries(enumeration)) {
    if (name.toLowerCase() === lower) return value;
  }
  return undefined;
}
