import type { QuestionRecord } from '../../schemas/questionPaths.ts';

// How the partner's side writes a question's state and times.

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The local time of an ISO instant, e.g. "4 Dec 2026, 14:05"; empty for anything else. */
export function questionTime(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : when.format(time);
}

/** What the partner reads of where their question stands. */
export function questionState(question: QuestionRecord): string {
  if (question.status !== 'answered') return 'Waiting for an answer';
  if (!question.answer) return 'Marked answered (no written answer)';
  return 'Answered';
}

/** "About $13.95T (Home equity)" for a question on a figure; empty without one. */
export function figureText(question: Pick<QuestionRecord, 'figure_text' | 'figure_label' | 'figure_id'>): string {
  if (!question.figure_id) return '';
  if (question.figure_text && question.figure_label) return `About ${question.figure_text} (${question.figure_label})`;
  return `About ${question.figure_text ?? question.figure_label ?? question.figure_id}`;
}
