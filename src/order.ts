// Lists are ordered by ordinal comparison (text by UTF-16 code units, as .NET's string.CompareOrdinal),
// key by key: the first key decides, the next breaks its ties.

type Key<T> = (item: T) => string | number;

/** A comparator for Array.prototype.sort: by the first key, then the next on a tie. */
export function orderBy<T>(...keys: Key<T>[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };
}
