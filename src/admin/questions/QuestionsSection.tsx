import { useState } from 'react';
import { QUESTION_ENTITY, type QuestionRecord } from '../../../schemas/questionPaths.ts';
import { allSlides } from '../../registry/slideRegistry.ts';
import type { Base44Client } from '../../sdk/index.ts';
import type { Records } from '../useRecords.ts';
import { useSectionMessages } from '../useSectionMessages.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { askedPages, askerName, askers, filteredQuestions, type QuestionFilter } from './questionFilters.ts';

interface QuestionsSectionProps {
  client: Base44Client;
  /** Every question, kept live from the entity's room (the console's useRecords). */
  questions: Records<QuestionRecord>;
  now: Date;
}

/**
 * Partners' questions, by partner and by page, unanswered first: answer one (the partner sees it at
 * once if their deck is open) or mark it answered without words. New questions arrive
 * live.
 */
export function QuestionsSection({ client, questions, now }: QuestionsSectionProps) {
  const { act, messages } = useSectionMessages();
  const [filter, setFilter] = useState<QuestionFilter>({ asker: '', path: '' });
  const all = questions.records;
  const handler = client.entities[QUESTION_ENTITY]!;
  const change = (question: QuestionRecord, body: Record<string, unknown>, done: string) =>
    act(async () => {
      await handler.update(question.id, body);
      await questions.reload();
    }, done);
  const pages = askedPages(all ?? [], allSlides);
  const labelOf = (path: string) => pages.find((page) => page.path === path)?.label ?? path;
  const shown = filteredQuestions(all ?? [], filter);
  return (
    <section className="admin-section" aria-labelledby="admin-questions">
      <h2 id="admin-questions">Questions</h2>
      <p className="admin-section__lead">What partners asked on a page. Each partner sees only their own questions and your answers to them.</p>
      {messages(questions.error)}
      {all === null ? (
        <p className="admin-empty">Loading questions…</p>
      ) : all.length === 0 ? (
        <p className="admin-empty">No questions yet. A partner asks with Ask at the bottom of any page.</p>
      ) : (
        <>
          <div className="admin-form__grid admin-questions__filters">
            <div className="admin-field">
              <label htmlFor="questions-asker">Partner</label>
              <select id="questions-asker" value={filter.asker} onChange={(event) => setFilter({ ...filter, asker: event.target.value })}>
                <option value="">Everyone</option>
                {askers(all).map((asker) => (
                  <option key={asker.id} value={asker.id}>
                    {asker.name}
                    {asker.open > 0 ? ` (${asker.open} unanswered)` : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="questions-page">Page</label>
              <select id="questions-page" value={filter.path} onChange={(event) => setFilter({ ...filter, path: event.target.value })}>
                <option value="">Every page</option>
                {pages.map((page) => (
                  <option key={page.path} value={page.path}>
                    {page.label}
                    {page.open > 0 ? ` (${page.open} unanswered)` : ''}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="admin-questions__count" aria-live="polite">
            {shown.length === all.length ? questionCount(all.length) : `${shown.length} of ${questionCount(all.length)}`}, unanswered first
          </p>
          <ol className="admin-questions">
            {shown.map((question) => (
              <li key={question.id}>
                <QuestionCard
                  question={question}
                  page={labelOf(question.path)}
                  now={now}
                  onAnswer={(one, answer) => change(one, { answer }, `Answered ${askerName(one)}.`)}
                  onMarkAnswered={(one) => change(one, { status: 'answered' }, `Marked the question of ${askerName(one)} answered.`)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

const questionCount = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;
