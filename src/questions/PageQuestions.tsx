import { createPortal } from 'react-dom';
import type { QuestionRecord } from '../../schemas/questionPaths.ts';
import { QuestionItem } from './QuestionItem.tsx';

/**
 * Beside the page: the viewer's own questions asked on it, with their answers, at the end of the page's
 * main region (so it reads after the slide and scrolls with it). Nothing when they asked none here.
 */
export function PageQuestions({
  questions,
  total,
  onAsk,
  onAll,
}: {
  questions: readonly QuestionRecord[];
  /** All their questions, on every page. */
  total: number;
  onAsk: () => void;
  onAll: () => void;
}) {
  const main = document.getElementById('main');
  if (!main || questions.length === 0) return null;
  const waiting = questions.filter((question) => question.status !== 'answered').length;
  return createPortal(
    <aside className="page-questions" aria-labelledby="page-questions-title">
      <div className="page-questions__head">
        <h2 id="page-questions-title" className="page-questions__title">
          Your questions on this page
        </h2>
        <p className="page-questions__count" aria-live="polite">
          {questions.length} asked{waiting > 0 ? `, ${waiting} waiting for an answer` : ', all answered'}
        </p>
      </div>
      <ol className="page-questions__list">
        {questions.map((question) => (
          <li key={question.id}>
            <QuestionItem question={question} />
          </li>
        ))}
      </ol>
      <div className="page-questions__actions">
        <button type="button" className="button button--primary" onClick={onAsk}>
          Ask another question
        </button>
        <button type="button" className="button button--quiet" onClick={onAll}>
          All your questions ({total})
        </button>
      </div>
    </aside>,
    main,
  );
}
