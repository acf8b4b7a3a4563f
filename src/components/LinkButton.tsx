import type { ReactNode } from 'react';
import { SlideLink } from './SlideLink.tsx';

/** A page of the deck, named as in its frontmatter (`to="CoreTechnology"`), as a button: a real link, so it opens in a new tab too. */
export function LinkButton({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'quiet' }) {
  return (
    <SlideLink to={to} className={`button button--${variant}`}>
      {children}
    </SlideLink>
  );
}
