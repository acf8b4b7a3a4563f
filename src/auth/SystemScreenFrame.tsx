import type { ReactNode } from 'react';

/** The page around a system screen (Loading, Access Restricted, load failure): centred, on a card. */
export function SystemScreenFrame({ children, plain = false }: { children: ReactNode; plain?: boolean }) {
  return (
    <main id="main" className="system-main">
      {plain ? children : <div className="system-card">{children}</div>}
    </main>
  );
}
