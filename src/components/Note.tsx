import type { ReactNode } from 'react';

/** A short aside beside the slide's main point (the satisfaction note, the paradox). */
export function Note({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'strong' }) {
  return <aside className={`note note--${tone}`}>{children}</aside>;
}
