/**
 * A path parameter that takes any one segment except `names`, written for Hono's router
 * (`:entity{…}`). Sub-apps with routes of their own for some names are mounted at `/{name}` beside
 * a generic one that takes every other name, so which one answers never depends on their order.
 */
export function paramExcept(param: string, names: readonly string[]): string {
  for (const name of names) if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`paramExcept: ${name} is not a plain path segment`);
  if (names.length === 0) return `:${param}`;
  return `:${param}{(?!(?:${names.join('|')})(?:/|$))[^/]+}`;
}
