/** Any other failure of the app start: its message, and a way to try again. */
export function AppLoadError({ message }: { message: string }) {
  return (
    <article className="system-screen" aria-labelledby="slide-title">
      <h1 id="slide-title" className="slide__title" tabIndex={-1}>
        {message}
      </h1>
      <p className="slide__tagline">The presentation could not reach its server. Check your connection and try again.</p>
      <div>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </article>
  );
}
