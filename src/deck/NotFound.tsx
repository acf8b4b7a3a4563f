import { Link } from 'wouter';

/** Spec section 2, "404": any path that is not a page. */
export function NotFound({ path }: { path: string }) {
  return (
    <article className="slide not-found" aria-labelledby="slide-title">
      <header className="slide__header">
        <p className="eyebrow">404</p>
        <h1 id="slide-title" className="slide__title" tabIndex={-1}>
          Page Not Found
        </h1>
        <p className="slide__tagline">The page &quot;{path}&quot; could not be found in this application.</p>
      </header>
      <div>
        <Link href="/" className="button button--primary">
          Go Home
        </Link>
      </div>
    </article>
  );
}
