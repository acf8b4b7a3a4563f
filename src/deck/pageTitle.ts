import { deckSettings, type SlideMeta } from '../registry/slideRegistry.ts';

/** `document.title` for a page: its label, then the company; the 404 screen (or `other`, such as the admin console) says so. */
export function pageTitle(slide: SlideMeta | undefined, other = 'Page Not Found'): string {
  return `${slide ? slide.label : other} · ${deckSettings.company.name}`;
}

/** What the live region says after a move: "Slide n of 17: Label", or the page's label off the deck. */
export function routeAnnouncement(slide: SlideMeta | undefined, index: number, total: number, other = 'Page Not Found'): string {
  if (!slide) return other;
  return index >= 0 ? `Slide ${index + 1} of ${total}: ${slide.label}` : slide.label;
}
