import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { slidePath } from '../content/slidePath.ts';

/**
 * `<SlideLink to="CoreTechnology">` in a slide body: a real link to a page, named as the registry
 * names it, so renaming a page is one edit and `npm run check` reports a stale name.
 */
export function SlideLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link href={slidePath(to)} {...(className && { className })}>
      {children}
    </Link>
  );
}
