// Path patterns for fault rules and journal queries. Matched segment by segment, case-insensitively:
// `*` stands for any text within one segment (also as part of one, e.g. `avail*`), `**` for any
// number of segments. The text is never compiled into a regular expression, so no pattern can be slow.

export type PathMatcher = (path: string) => boolean;

export function pathPattern(pattern: string): PathMatcher {
  const want = segments(pattern);
  return (path) => matchFrom(want, 0, segments(path), 0, new Set());
}

function segments(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase().split('/').slice(1);
}

/** `failed` remembers (pattern index, path index) pairs already ruled out, so `**` stays linear-ish. */
function matchFrom(want: string[], i: number, have: string[], j: number, failed: Set<number>): boolean {
  for (; i < want.length; i++, j++) {
    const w = want[i]!;
    if (w === '**') {
      if (i === want.length - 1) return true;
      for (let k = j; k <= have.length; k++) {
        const key = (i + 1) * (have.length + 1) + k;
        if (failed.has(key)) continue;
        if (matchFrom(want, i + 1, have, k, failed)) return true;
        failed.add(key);
      }
      return false;
    }
    if (j >= have.length || !segmentMatches(w, have[j]!)) return false;
  }
  return j === have.length;
}

/** `*` wildcards within one segment, matched greedily from the left by plain string search. */
function segmentMatches(pattern: string, text: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === text;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let at = first.length;
  for (let p = 1; p < parts.length - 1; p++) {
    const found = text.indexOf(parts[p]!, at);
    if (found < 0) return false;
    at = found + parts[p]!.length;
  }
  return text.length - last.length >= at && text.endsWith(last);
}
