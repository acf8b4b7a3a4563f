import { deckSettings, type SlideMeta } from '../registry/slideRegistry.ts';

/** `document.title` for a page: its label, then the company; the 404 screen says so. */
export function pageTitle(slide: SlideMeta | undefined): string {
  return `${slide ? slide.label : 'Page Not Found'} · ${deckSettings.company.name}`;
}

/** What the live region says after a move: "Slide n of 17: Label", or the page's label off the deck. */
export function routeAnnouncement(slide: SlideMeta | undefined, index: number, total: number): string {
  if (!slide) return 'Page Not Found';
  return index >= 0 ? `Slide ${index + 1} of ${total}: ${slide.label}` : slide.label;
}
