import type { FigureSource } from '../registry/slideRegistry.ts';

/** The id of a figure's first marker on a page: its note links back to it. */
export function figureAnchor(id: string): string {
  return `figure-${id.replace(/\./g, '-')}`;
}

/** The id of a page's source note `number`: every marker of its figures links to it. */
export function noteAnchor(number: number): string {
  return `source-note-${number}`;
}

/** One numbered source note: a source and its date, and the figures of the page it stands for. */
export interface SourceNote {
  number: number;
  source: string;
  asOf: string | null;
  /** Each with the element its back-link goes to: its first marker, or the heading for a header figure. */
  figures: Array<{ id: string; label: string; text: string; anchor: string }>;
}

/**
 * A page's source notes, numbered as the page shows its figures: the header's first, then each figure
 * as the body renders it (a React render visits the tree in the order it is drawn, on the server and
 * in the browser alike). Figures with one source and date share a note. Figures still without a
 * source get none. One book per page and slide module: `numberOf` may be asked again on a re-render
 * and answers the same. It comes with a slide's chunk only when one of its figures has a source, so a
 * deck without sources carries none of it (src/content/registryModules.ts).
 */
export class SourceNoteBook {
  private readonly numbers = new Map<string, number>();
  private readonly met: string[] = [];
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly texts: Readonly<Record<string, string>>,
    private readonly sources: Readonly<Record<string, FigureSource>>,
    headerFigures: readonly string[],
    /** Where a header figure's back-link goes (the page's heading). */
    private readonly headingAnchor: string,
  ) {
    for (const id of headerFigures) this.numberOf(id);
  }

  /** The note number of a figure, or undefined for one whose source is still to be supplied. */
  numberOf(id: string): number | undefined {
    const figure = this.sources[id];
    if (!figure) return undefined;
    const key = `${figure.source}\u0000${figure.asOf ?? ''}`;
    if (!this.numbers.has(key)) this.numbers.set(key, this.numbers.size + 1);
    if (!this.met.includes(id)) this.met.push(id);
    return this.numbers.get(key);
  }

  /**
   * The element id for one occurrence of a figure: its first occurrence (by `owner`, a React id that
   * stays the same across re-renders) gets the anchor its note links back to; later ones get none.
   */
  claimAnchor(id: string, owner: string): string | undefined {
    const first = this.owners.get(id);
    if (first === undefined) this.owners.set(id, owner);
    return first === undefined || first === owner ? figureAnchor(id) : undefined;
  }

  /** The notes in number order, each with its figures in the order the page shows them. */
  notes(): SourceNote[] {
    const notes: SourceNote[] = [];
    for (const id of this.met) {
      const figure = this.sources[id]!;
      const number = this.numberOf(id)!;
      const note = (notes[number - 1] ??= { number, source: figure.source, asOf: figure.asOf, figures: [] });
      note.figures.push({ id, label: figure.label, text: this.texts[id]!, anchor: this.owners.has(id) ? figureAnchor(id) : this.headingAnchor });
    }
    return notes;
  }
}
