/** Spec section 2: a centred spinner while public settings or the user load, announced to screen readers. */
export function LoadingScreen() {
  return (
    <div className="system-screen system-screen--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="system-screen__status">Loading the presentation…</span>
    </div>
  );
}
