import type { QuestionRecord } from '../../../schemas/questionPaths.ts';
import { personRoom } from '../../../schemas/viewerPartner.ts';
import type { AfterReply, Broadcaster } from '../core/context.ts';
import type { Db } from '../db/db.ts';
import type { MailDraft } from '../mail/mailDraft.ts';
import { quoted } from '../mail/mailText.ts';
import { type MailContext, sendMail } from '../mail/outbox.ts';
import type { ServedVersion } from '../records/deckVersions.ts';
import type { EntityWrite } from '../records/entityHooks.ts';
import { pageName } from './pageNames.ts';
import { tellNews } from './tellNews.ts';

// What a question adds to the news: a partner's new question waits for the owners' next mail, and an
// owner's answer reaches a partner who has no tab of the deck open by mail (one with the deck open
// sees it there at once, in their own room).

/** What the question listener reads. */
export interface QuestionNewsContext extends MailContext {
  db: Db;
  broadcaster: Pick<Broadcaster, 'reaches'>;
  afterReply: AfterReply;
  servedVersion?: ServedVersion | null;
  /** The news clock (tests move it). */
  now: () => number;
  /** Asks the news sweep to run soon, so a question is mailed without waiting for the next tick. */
  newsSoon?: () => void;
}

/** The listener questions call for each stored question (questionHooks.ts QuestionListener). */
export function questionNews(ctx: QuestionNewsContext): (write: EntityWrite, question: QuestionRecord) => void {
  return (write, question) => {
    const partnerAsked = write.write === 'create' && write.caller.kind === 'user' && write.caller.user.role !== 'admin';
    if (partnerAsked && question.created_by_id) {
      ctx.afterReply.add(write.c, 'question news', async () => {
        const figure = question.figure_label ? `${question.figure_label}${question.figure_text ? ` (${question.figure_text})` : ''}` : null;
        const item = { kind: 'question' as const, at: ctx.now(), page: pageName(ctx.servedVersion, question.path), question: question.question, figure };
        if (await tellNews(ctx.db, write.appId, question.created_by_id, item, ctx.now())) ctx.newsSoon?.();
      });
    }
    const answer = typeof write.changed.answer === 'string' ? write.changed.answer.trim() : '';
    if (write.write === 'update' && answer && question.created_by && question.created_by_id) {
      ctx.afterReply.add(write.c, 'answer mail', async () => {
        if (await ctx.broadcaster.reaches(personRoom(question.created_by_id))) return;
        await sendMail(ctx, write.appId, answerDraft(ctx.publicUrl(), question, answer, ctx.servedVersion));
      });
    }
  };
}

/** The mail to a partner whose question was answered while they had the deck closed: only their own question and its answer. */
export function answerDraft(publicUrl: string, question: QuestionRecord, answer: string, served?: ServedVersion | null): MailDraft {
  const page = pageName(served, question.path);
  return {
    to: question.created_by,
    kind: 'question_answered',
    subject: `Your question on ${page} was answered`,
    heading: 'Your question was answered',
    intro: [
      `You asked on ${page}: ${quoted(question.question)}`,
      `${question.answered_by ? `${question.answered_by} answered` : 'The answer'}:`,
      ...paragraphs(answer),
    ],
    action: { label: `Open ${page}`, url: `${publicUrl}${question.path}` },
  };
}

// The owner's answer as they wrote it, a paragraph per blank line, each on one line.
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
