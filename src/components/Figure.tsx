import { standaloneText } from '../../schemas/formatFigure.ts';
import { useFigureUpdate } from './figureUpdates.ts';
import { useSlide } from './SlideContext.tsx';

/**
 * A figure of the ledger, by id (`<Figure id="market.homeEquity" />` in a slide body, `figure:` on a
 * stat or card, `{market.homeEquity}` in a frontmatter string): its text, and once its source is given
 * a numbered marker linking to the page's source note (SourceNotes.tsx, which comes with the slide's
 * chunk only then). `standalone` capitalizes a figure that starts its own line (`Under 3%`). A figure
 * without a source is its text alone: no element, no bytes in a first visit's budget.
 */
export function Figure({ id, standalone = false }: { id: string; standalone?: boolean }) {
  const { figures, notes } = useSlide();
  const text = figures[id];
  if (text === undefined) throw new Error(`No figure ${id} on this page`);
  const shown = standalone ? standaloneText(text) : text;
  // Changed since this viewer's last visit: said in words, so no one depends on the colour.
  const was = useFigureUpdate(id);
  const figure = notes ? <notes.FigureMarker id={id} text={shown} /> : <>{shown}</>;
  return was ? (
    <>
      {figure}
      <span className="figure-updated"> (updated, was {was})</span>
    </>
  ) : (
    figure
  );
}
