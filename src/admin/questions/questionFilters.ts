import { questionOrder, type QuestionRecord } from '../../../schemas/questionPaths.ts';

// The console's view of the questions: by partner and by page, unanswered first.

/** What the Questions section shows: one partner's or everyone's, one page's or every page's. */
export interface QuestionFilter {
  /** An asker's user id, or '' for everyone. */
  asker: string;
  /** A page's path, or '' for every page. */
  path: string;
}

/** The questions the filter lets through, unanswered first, newest first within each. */
export function filteredQuestions(questions: readonly QuestionRecord[], filter: QuestionFilter): QuestionRecord[] {
  return questions
    .filter((question) => (!filter.asker || question.created_by_id === filter.asker) && (!filter.path || question.path === filter.path))
    .sort(questionOrder);
}

/** Who asked: "Ann Lee <ann@lender.example>", or the address alone. */
export function askerName(question: Pick<QuestionRecord, 'full_name' | 'created_by'>): string {
  return question.full_name ? `${question.full_name} <${question.created_by}>` : question.created_by;
}

/** The askers among the questions, each once, by name: the options of the partner filter. */
export function askers(questions: readonly QuestionRecord[]): Array<{ id: string; name: string; open: number }> {
  const byId = new Map<string, { id: string; name: string; open: number }>();
  for (const question of questions) {
    const entry = byId.get(question.created_by_id) ?? { id: question.created_by_id, name: askerName(question), open: 0 };
    if (question.status !== 'answered') entry.open += 1;
    byId.set(question.created_by_id, entry);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The pages the questions were asked on, in the order given (the deck's), each with its count of unanswered ones. */
export function askedPages(
  questions: readonly QuestionRecord[],
  slides: ReadonlyArray<{ path: string; label: string }>,
): Array<{ path: string; label: string; open: number }> {
  const paths = new Set(questions.map((question) => question.path));
  const known = slides.filter((slide) => paths.has(slide.path)).map((slide) => ({ path: slide.path, label: slide.label }));
  const gone = [...paths].filter((path) => !slides.some((slide) => slide.path === path)).map((path) => ({ path, label: path }));
  return [...known, ...gone].map((page) => ({
    ...page,
    open: questions.filter((question) => question.path === page.path && question.status !== 'answered').length,
  }));
}

/** How many questions wait for an answer. */
export function unanswered(questions: readonly QuestionRecord[] | null): number {
  return (questions ?? []).filter((question) => question.status !== 'answered').length;
}
