import { Link } from 'wouter';
import { deckSettings } from './slideRegistry.ts';

/** The top bar: the company's mark and name, linking to the first page. */
export function DeckHeader() {
  return (
    <header className="deck-header">
      <Link href="/" className="deck-header__home">
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{deckSettings.company.name}</span>
      </Link>
    </header>
  );
}
