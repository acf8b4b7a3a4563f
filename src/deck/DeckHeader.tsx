import { Link } from 'wouter';
import { deckSettings } from '../registry/slideRegistry.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { useDeckUser } from './DeckUserContext.tsx';
import { enterPresentMode, leavePresentMode, usePresentMode } from './present/presentMode.ts';
import { useDeckRegistry } from './useDeckRegistry.ts';
import { ZoomControls } from './ZoomControls.tsx';

/** The top bar, with the company's name once the registry has loaded. */
export function DeckHeader() {
  const loaded = useDeckRegistry();
  return <DeckHeaderBar company={loaded ? deckSettings.company.name : undefined} />;
}

/**
 * The top bar: the company's mark and name linking to the first page, and the zoom at the right.
 * Without a company (before the registry loads, and in the public 404 page) there is no mark either
 * (the logo is served behind the gate too), and the link is named "Home" for screen readers only.
 */
export function DeckHeaderBar({ company }: { company?: string | undefined }) {
  return (
    <header className="deck-header">
      <Link href="/" className="deck-header__home">
        {company === undefined ? (
          <span className="visually-hidden">Home</span>
        ) : (
          <>
            <img src="/logo.svg" alt="" width="32" height="32" />
            <span>{company}</span>
          </>
        )}
      </Link>
      <div className="deck-header__tools">
        {company !== undefined && <PresentButton />}
        <PresentingControls />
        <DownloadPdfLink />
        <AccountMenu />
        <ZoomControls />
      </div>
    </header>
  );
}

/** Present mode on and off (F does the same); a phone always reads, so it has no such button (shell.css). */
function PresentButton() {
  const presenting = usePresentMode();
  const { startPresenting = enterPresentMode } = useDeckUser();
  return (
    <button
      type="button"
      className="zoom__button deck-header__present"
      aria-pressed={presenting}
      onClick={() => (presenting ? leavePresentMode() : startPresenting())}
    >
      Present
    </button>
  );
}

/** An admin's presenting controls (presenter view, start presenting), which the presenting layer supplies. */
function PresentingControls() {
  return <>{useDeckUser().presentingControls}</>;
}

/**
 * "Download PDF" while the deck's owners offer it: a plain link, which the platform's session
 * cookie authorises; the file comes stamped with the viewer's email and the date. On a phone the
 * header has no room for it and the Account panel carries it instead (shell.css).
 */
function DownloadPdfLink() {
  const { downloadPdf } = useDeckUser();
  if (!downloadPdf) return null;
  return (
    <a className="zoom__button deck-header__download" href={downloadPdf} download>
      Download PDF
    </a>
  );
}
