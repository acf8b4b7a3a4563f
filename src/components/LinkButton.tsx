import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A deck route styled as a button: a real link, so it opens in a new tab too. */
export function LinkButton({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'quiet' }) {
  return (
    <Link href={to} className={`button button--${variant}`}>
      {children}
    </Link>
  );
}
