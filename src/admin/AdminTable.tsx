import type { ReactNode } from 'react';

/** A column heading; `number` right-aligns the column (counts, times). */
export interface AdminColumn {
  label: ReactNode;
  number?: boolean;
}

/**
 * The console's tables: a captioned table in a scrollable region the keyboard can reach and that is
 * named by the caption, with column headings; the rows are the children (each row's first cell a
 * `<th scope="row">`).
 */
export function AdminTable({
  id,
  caption,
  columns,
  className,
  wrapClassName,
  liveCaption = false,
  children,
}: {
  /** The caption's id, which names the region. */
  id: string;
  caption: ReactNode;
  columns: readonly (AdminColumn | string)[];
  className?: string;
  wrapClassName?: string;
  /** Announce caption changes (a filter that changes what is listed). */
  liveCaption?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName ? `admin-table-wrap ${wrapClassName}` : 'admin-table-wrap'} role="region" aria-labelledby={id} tabIndex={0}>
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption id={id} aria-live={liveCaption ? 'polite' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column, index) => {
              const { label, number } = typeof column === 'string' ? { label: column, number: false } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's fixed headings, never reordered
                <th key={index} scope="col" className={number ? 'admin-table__number' : undefined}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
