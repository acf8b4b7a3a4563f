import { Link } from 'wouter';
import { deckSettings } from './slideRegistry.ts';
import { AccountMenu } from '../auth/AccountMenu.tsx';
import { ZoomControls } from './ZoomControls.tsx';

/** The top bar: the company's mark and name linking to the first page, and the zoom at the right. */
export function DeckHeader() {
  return (
    <header className="deck-header">
      <Link href="/" className="deck-header__home">
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{deckSettings.company.name}</span>
      </Link>
      <div className="deck-header__tools">
        <AccountMenu />
        <ZoomControls />
      </div>
    </header>
  );
}
