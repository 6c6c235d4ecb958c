/** A query string in URLSearchParams encoding, with commas and slashes left readable (both are legal in a query: `cols=a,b`, `tz=America/Chicago`). */
export function querySearch(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ",").replace(/%2F/gi, "/");
}

/** The query without the named parameters. */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  return querySearch(params);
}

/** The name/value pairs of a query, for hidden inputs that carry them through a GET form. */
export function queryFields(search: string, keep: (name: string) => boolean): Array<[string, string]> {
  return [...new URLSearchParams(search).entries()].filter(([name]) => keep(name));
}
