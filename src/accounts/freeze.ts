/**
 * Freezes a value and everything it holds. Stored records are values: a write replaces them, and
 * a frozen record makes a change made in place fail loudly instead of escaping persistence.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
