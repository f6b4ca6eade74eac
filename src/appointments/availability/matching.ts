// Services that start together need different employees (and different resources). Picking the
// first free one for each in turn can fail where another choice succeeds (the first service takes
// the only person qualified for the second), so the choice is a bipartite matching: augmenting
// paths (Kuhn's algorithm), polynomial, deterministic, trying options in the order given.

/** One option per slot with no option used twice, or undefined when there is no such choice. */
export function distinctPicks<T>(options: readonly (readonly T[])[]): T[] | undefined {
  const holder = new Map<T, number>();
  const place = (slot: number, seen: Set<T>): boolean => {
    for (const option of options[slot] ?? []) {
      if (seen.has(option)) continue;
      seen.add(option);
      const other = holder.get(option);
      if (other === undefined || place(other, seen)) {
        holder.set(option, slot);
        return true;
      }
    }
    return false;
  };
  for (let slot = 0; slot < options.length; slot++) {
    if (!place(slot, new Set())) return undefined;
  }
  const picks: T[] = [];
  for (const [option, slot] of holder) picks[slot] = option;
  return picks;
}
