/** Query values by lowercase name: ASP.NET matches query names case-insensitively. */
export type RawQuery = Map<string, string[]>;

// `services[0]=a&services[1]=b` binds like `services=a&services=b` (ASP.NET collection binding).
const INDEXED = /^(.*)\[\d*\]$/;

export function parseQuery(search: string): RawQuery {
  const query: RawQuery = new Map();
  if (search === '') return query;
  for (const [rawName, value] of new URLSearchParams(search)) {
    const indexed = INDEXED.exec(rawName);
    const name = (indexed ? indexed[1]! : rawName).toLowerCase();
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  return query;
}
