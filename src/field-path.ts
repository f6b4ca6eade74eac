/** A field's path as messages write it: `Items[0].Start`, `credentials[0].tokens[1].state`; '' for the root. */
export function formatPath(parts: readonly PropertyKey[]): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}
