import { Hono } from 'hono';
import type { QuestionFigure } from '../../../../schemas/questionPaths.ts';
import { QuestionFiguresBody } from '../../../../schemas/questionWire.ts';
import { badRequest } from '../../core/errors.ts';
import type { AppEnv } from '../../identity/admission.ts';
import type { ServedVersion } from '../../records/deckVersions.ts';
import { readJson, validate } from '../body.ts';

/** The figures a page of the served deck shows, in the order it names them; 400 for a page it does not serve. */
export function pageFigures(served: ServedVersion | null | undefined, path: string): QuestionFigure[] {
  if (!served) return [];
  const page = served.ledger.pages[path];
  if (!page) throw badRequest('path', 'is not a page of the deck');
  return page.figures.flatMap((id) => {
    const figure = served.ledger.figures[id];
    return figure ? [{ id, label: figure.label, text: figure.text }] : [];
  });
}

/**
 * The function QUESTION_FUNCTION.figures (mounted at its name): what a question on a page may name.
 * Any caller the admission let in may ask, as they may read the page; the figures are the page's
 * own, for the deck this platform serves.
 */
export function questionFigureRoutes(ctx: { deckAppId: string; servedVersion?: ServedVersion | null }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    const { path } = validate(QuestionFiguresBody, await readJson(c));
    const figures = c.get('app').id === ctx.deckAppId ? pageFigures(ctx.servedVersion, path) : [];
    return c.json(figures, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
