import type { DeckWidePartner } from '../../schemas/deckWidePartner.ts';
// What a PDF of the deck prints, apart from how it is found in the slides (exportPages.ts): the
// server bundle reads it from the file the build wrote, and never loads the content checker.

/** One page of the PDF: a prerendered route, where it sits, and the names the PDF gives it. */
export interface ExportPage {
  name: string;
  path: string;
  /** The slide's label: its bookmark in the PDF's outline. */
  label: string;
  /** The element id its content gets in the one print document; links to `path` become `#anchor`. */
  anchor: string;
  /** Its prerendered file in dist/. */
  file: string;
}

/** What the PDF prints: its title (the company's name), its pages in order, and the deck-wide partner. */
export interface ExportPlan {
  title: string;
  pages: ExportPage[];
  partner: DeckWidePartner;
}

/** The file beside dist/ (in the server folder) where the build writes the plan, for printing without the sources. */
export const EXPORT_PLAN_FILE = 'export-plan.json';
