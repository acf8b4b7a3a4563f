import { Link } from 'wouter';
import { useDeckUser } from './DeckUserContext.tsx';

/** The 404 page: any path that is not a page; admins also see a note about missing pages. */
export function NotFound({ path }: { path: string }) {
  const { user } = useDeckUser();
  return (
    <article className="slide not-found" aria-labelledby="slide-title">
      <header className="slide__header">
        <p className="eyebrow">404</p>
        <h1 id="slide-title" className="slide__title" tabIndex={-1}>
          Page Not Found
        </h1>
        <p className="slide__tagline">The page &quot;{path}&quot; could not be found in this application.</p>
      </header>
      {user?.role === 'admin' && (
        <aside className="note note--strong" aria-label="Admin Note">
          <strong>Admin Note</strong>
          <p>The AI may not have implemented this page yet. Ask it to build the page in the chat.</p>
        </aside>
      )}
      <div>
        <Link href="/" className="button button--primary">
          Go Home
        </Link>
      </div>
    </article>
  );
}
