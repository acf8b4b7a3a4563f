import type { ReactNode } from 'react';

/** Two columns on wide screens, one on phones. */
export function Columns({ children }: { children: ReactNode }) {
  return <div className="columns">{children}</div>;
}
