import type { ComponentType, ReactNode } from 'react';

/** An optional layout wraps every page and is told which page it wraps. */
export type PageLayout = ComponentType<{ currentPageName: string; children: ReactNode }>;

/** The layout used when none is given: the page as it is. */
export function PlainLayout({ children }: { currentPageName: string; children: ReactNode }) {
  return <>{children}</>;
}
