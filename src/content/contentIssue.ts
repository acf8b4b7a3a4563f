/** A path into a YAML document, as zod reports it (`['brands', 2, 'valuation']`). */
export type FieldPath = ReadonlyArray<PropertyKey>;

/** One problem found in the slides, reported like a compiler diagnostic. */
export interface ContentIssue {
  /** A note is no mistake: something an editor should see before changing it (figures the spec states twice). */
  severity: 'error' | 'warning' | 'note';
  /** Path relative to the project root (`slides/ecosystem.mdx`). */
  file: string;
  line: number;
  column: number;
  /** `brands[2].valuation`, or '' for the file as a whole. */
  field: string;
  message: string;
}

/**
 * `brands[2].valuation` from `['brands', 2, 'valuation']`; given the data, a list item with an `id`
 * is named by it (`brands[remo-ai].valuation`), which an editor can search for.
 */
export function formatFieldPath(path: FieldPath, data?: unknown): string {
  let node = data;
  return path.reduce<string>((out, key) => {
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const id = node && typeof node === 'object' ? (node as { id?: unknown }).id : undefined;
      return `${out}[${typeof id === 'string' && /^[a-z0-9-]+$/.test(id) ? id : key}]`;
    }
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

/** `slides/ecosystem.mdx:14:5 brands[2].valuation: low ($1.5M) is above high ($1.25M)` */
export function formatIssue(issue: ContentIssue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}`;
  const level = issue.severity === 'error' ? '' : `${issue.severity}: `;
  return `${where} ${issue.field ? `${issue.field}: ` : ''}${level}${issue.message}`;
}

export function hasErrors(issues: readonly ContentIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}
