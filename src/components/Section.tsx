import type { ReactNode } from 'react';

/** A titled part of a slide; its h2 keeps the heading order for screen readers. */
export function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `section-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  return (
    <section className={wide ? 'slide-section slide-section--wide' : 'slide-section'} aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
