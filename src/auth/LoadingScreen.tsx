/**
 * A centred spinner while public settings or the user load, announced to screen
 * readers. Its line is the page's h1, since the screen is a page of its own (axe page-has-heading-one).
 */
export function LoadingScreen() {
  return (
    <div className="system-screen system-screen--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <h1 className="system-screen__status">Loading the presentation…</h1>
    </div>
  );
}
