export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// Guid.TryParse (and so ASP.NET binding) also takes the 32-digit, braced and parenthesised forms.
const BARE = /^[0-9a-fA-F]{32}$/;
const WRAPPED = /^[{(]([0-9a-fA-F-]{36})[})]$/;

/** The canonical lowercase form of a Guid, or undefined when the text is not one. */
export function parseGuid(text: string): string | undefined {
  let t = text.trim();
  const wrapped = WRAPPED.exec(t);
  if (wrapped) t = wrapped[1]!;
  else if (BARE.test(t)) t = `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
  return GUID.test(t) ? t.toLowerCase() : undefined;
}
