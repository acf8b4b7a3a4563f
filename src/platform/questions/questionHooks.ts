import { QUESTION_ENTITY, type QuestionRecord } from '../../../schemas/questionPaths.ts';
import { personRoom } from '../../../schemas/viewerPartner.ts';
import type { Caller } from '../identity/access.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { EntityHooks, EntityWrite } from '../records/entityHooks.ts';
import type { Broadcaster } from '../core/context.ts';
import { badRequest } from '../core/errors.ts';

/** What questions read when they are registered. */
export interface QuestionsContext {
  entityHooks: EntityHooks;
  broadcaster: Broadcaster;
  deckAppId: string;
  /** The served version and its ledger (pages and their figures); null or absent without a build's ledger. */
  servedVersion?: ServedVersion | null;
}

/** What else happens once a question is asked or answered (owners told, the asker mailed). */
export type QuestionListener = (write: EntityWrite, question: QuestionRecord) => void | Promise<void>;

/**
 * Registers the rules of questions on the generic entity store: a question of the served deck names a
 * page it serves and, when it names a figure, one that page shows, and carries the version it was read
 * on and the figure as shown; an answer carries when and by whom. Each stored question goes to its
 * asker's own room (their other tabs, and their page when it is answered), which no one else can join,
 * then to `listeners`. Returns the undo.
 */
export function registerQuestions(ctx: QuestionsContext, listeners: readonly QuestionListener[] = []): () => void {
  const undo = [
    ctx.entityHooks.onCreate(QUESTION_ENTITY, (appId, rows) =>
      appId === ctx.deckAppId ? rows.map((row, i) => placed(ctx.servedVersion, row, rows.length > 1 ? `body[${i}]` : '')) : rows,
    ),
    ctx.entityHooks.onUpdate(QUESTION_ENTITY, (_appId, fields, current, caller) => answered(fields, current, caller)),
    ctx.entityHooks.afterWrite(QUESTION_ENTITY, async (write) => {
      if (write.write === 'delete') return;
      for (const record of write.records) {
        const question = record as unknown as QuestionRecord;
        if (question.created_by_id) ctx.broadcaster.publish(personRoom(question.created_by_id), { question });
        for (const listener of listeners) await listener(write, question);
      }
    }),
  ];
  return () => undo.forEach((one) => one());
}

// A question's page and figure checked against the ledger the platform serves, and stamped with the
// version and the figure's text and label; without a ledger only the shape was checked.
function placed(served: ServedVersion | null | undefined, row: Record<string, unknown>, where: string): Record<string, unknown> {
  const field = (name: string) => (where ? `${where}.${name}` : name);
  if (!served) return { ...row, version_id: null, figure_text: null, figure_label: null };
  const page = served.ledger.pages[row.path as string];
  if (!page) throw badRequest(field('path'), 'is not a page of the deck');
  const figureId = typeof row.figure_id === 'string' ? row.figure_id : null;
  if (figureId && !page.figures.includes(figureId)) throw badRequest(field('figure_id'), `is not a figure of the page ${row.path as string}`);
  const figure = figureId ? served.ledger.figures[figureId] : undefined;
  return { ...row, figure_id: figureId, version_id: served.id, figure_text: figure?.text ?? null, figure_label: figure?.label ?? null };
}

// An answer (or a mark without one) says who gave it and when; opening a question again clears both.
function answered(fields: Record<string, unknown>, current: Record<string, unknown>, caller: Caller): Record<string, unknown> {
  if (fields.status === 'open') return { ...fields, answer: fields.answer ?? null, answered_at: null, answered_by: null };
  if (fields.answer === undefined && fields.status !== 'answered') return fields;
  const by = caller.kind === 'user' ? caller.user.full_name?.trim() || caller.user.email : caller.kind === 'service' ? 'the deck’s owners' : null;
  const stamp = { status: 'answered', answered_at: new Date().toISOString(), answered_by: by };
  // Marking an answered question answered again keeps its first answer's time and author.
  if (fields.answer === undefined && current.status === 'answered') return fields;
  return { ...fields, ...stamp };
}
