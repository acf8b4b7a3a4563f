import { useEffect, useState } from 'react';
import { QUESTION_ENTITY, type QuestionRecord, questionOrder, withQuestion } from '../../schemas/questionPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

/**
 * Partners' questions on the page being presented (admins read them all), unanswered first, kept live
 * from the entity's room: what the room may be asking about this page. Their words as text.
 */
export function PresenterQuestions({ client, path }: { client: Base44Client; path: string }) {
  const questions = useAllQuestions(client);
  const here = (questions ?? []).filter((question) => question.path === path);
  return (
    <section className="presenter__questions" aria-labelledby="presenter-questions">
      <h2 id="presenter-questions" className="presenter__label">
        Questions on this page{questions ? ` (${here.length})` : ''}
      </h2>
      <div className="presenter__question-box" tabIndex={0} role="region" aria-label="Questions on this page">
        {questions === null ? (
          <p>Loading the questions…</p>
        ) : here.length === 0 ? (
          <p>No partner has asked about this page.</p>
        ) : (
          <ul className="presenter__question-list">
            {here.map((question) => (
              <li key={question.id} className="presenter__question">
                <p className="presenter__question-who">
                  {question.full_name || question.created_by}
                  <span className="presenter__question-state"> · {question.status === 'answered' ? 'answered' : 'unanswered'}</span>
                </p>
                <p className="presenter__question-text">{question.question}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Every question, listed once and then followed on the entity's room; null while loading. */
function useAllQuestions(client: Base44Client): QuestionRecord[] | null {
  const [questions, setQuestions] = useState<QuestionRecord[] | null>(null);
  useEffect(() => {
    const handler = client.entities[QUESTION_ENTITY]!;
    let live = true;
    handler.list('-created_date', 5000).then(
      (records) => live && setQuestions((records as QuestionRecord[]).sort(questionOrder)),
      () => live && setQuestions([]),
    );
    const stop = handler.subscribe((change) => {
      const record = change.data as QuestionRecord | undefined;
      if (!record?.id) return;
      setQuestions((list) => (change.type === 'delete' ? (list ?? []).filter((one) => one.id !== record.id) : withQuestion(list ?? [], record)));
    });
    return () => {
      live = false;
      stop();
    };
  }, [client]);
  return questions;
}
