/** Spec section 2: shown to a signed-in user who is not registered for this app. */
export function AccessRestricted({ onLogout }: { onLogout: () => void }) {
  return (
    <article className="system-screen" aria-labelledby="slide-title">
      <h1 id="slide-title" className="slide__title" tabIndex={-1}>
        Access Restricted
      </h1>
      <p className="slide__tagline">
        You are not registered to use this application. Please contact the app administrator to request access.
      </p>
      <div className="note">
        <p>If you believe this is an error, you can:</p>
        <ul className="system-screen__hints">
          <li>Verify you are logged in with the correct account</li>
          <li>Contact the app administrator for access</li>
          <li>Try logging out and back in again</li>
        </ul>
      </div>
      <div>
        <button type="button" className="button button--primary" onClick={onLogout}>
          Log out
        </button>
      </div>
    </article>
  );
}
