/**
 * `{market.homeEquity}` in a frontmatter string: a figure of the ledger, by id (an id has a dot; a
 * deck setting such as `{host}` has none). Kept apart so the browser's slide components read it alone.
 */
export const FIGURE_TOKEN = /\{([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)\}/g;
