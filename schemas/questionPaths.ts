// Facts of a partner's questions that the deck, the console, the presenter view and the local
// platform share: the entity, its record, the limits and what the platform pushes to the asker. No
// zod here (the deck's code imports it); the platform's strict schemas are in questionWire.ts.

/** The entity of questions: a partner asks (create), reads only their own; admins read all and answer (update). */
export const QUESTION_ENTITY = 'SlideQuestion';

/** The longest question, in characters. */
export const QUESTION_MAX_CHARS = 2000;

/** The longest answer, in characters. */
export const ANSWER_MAX_CHARS = 4000;

/** `open` until an owner answers it or marks it answered without text. */
export type QuestionStatus = 'open' | 'answered';

/** What the partner's page sends. */
export interface QuestionFields {
  /** The page's route as in the registry (`/market`). */
  path: string;
  /** Their own words. */
  question: string;
  /** A figure of that page they asked about (an id of the figures ledger), if they picked one. */
  figure_id?: string | null;
}

/** A stored question as its asker and the admins read it. */
export interface QuestionRecord extends QuestionFields {
  id: string;
  created_date: string;
  /** When it last changed (asked, answered). */
  updated_date?: string;
  created_by_id: string;
  /** The asker's email. */
  created_by: string;
  /** The asker's name when their account has one. */
  full_name?: string | null;
  status: QuestionStatus;
  /** The deck version the platform served when it was asked; absent without versions. */
  version_id?: string | null;
  /** The figure's display text and what it measures, as the served ledger had them. */
  figure_text?: string | null;
  figure_label?: string | null;
  answer?: string | null;
  answered_at?: string | null;
  /** The admin who answered or marked it (their name, else their email). */
  answered_by?: string | null;
}

/** What an admin sends to answer (`answer`) or to mark a question answered without text (`status`). */
export interface QuestionChange {
  answer?: string;
  status?: QuestionStatus;
}

/** What the platform sends to the asker's own room (personRoom) when one of their questions is asked or answered. */
export interface QuestionPush {
  question: QuestionRecord;
}

/** Whether a message of the person's own room is a question of theirs (the room also carries their partner). */
export function questionPushOf(data: unknown): QuestionRecord | null {
  const question = (data as Partial<QuestionPush> | null)?.question;
  return question && typeof question === 'object' && typeof question.id === 'string' ? question : null;
}

/** Questions unanswered first, then newest first within each. */
export function questionOrder(a: QuestionRecord, b: QuestionRecord): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  return a.created_date < b.created_date ? 1 : a.created_date > b.created_date ? -1 : 0;
}

/** The list with `record` in it (replacing the one of the same id), in questionOrder. */
export function withQuestion(list: readonly QuestionRecord[], record: QuestionRecord): QuestionRecord[] {
  return [...list.filter((one) => one.id !== record.id), record].sort(questionOrder);
}

/** Backend functions of questions (POST /functions/{name} on the platform). */
export const QUESTION_FUNCTION = {
  /** `{ path }` → QuestionFigure[]: the figures that page shows, which a question may name. Any admitted person. */
  figures: 'questionFigures',
} as const;

/** One figure a question may name. */
export interface QuestionFigure {
  id: string;
  /** What it measures. */
  label: string;
  /** How the page shows it (`$13.95T`). */
  text: string;
}
