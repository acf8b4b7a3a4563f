import { useState } from 'react';
import { ANSWER_MAX_CHARS, type QuestionRecord } from '../../../schemas/questionPaths.ts';
import { RelativeTime } from '../TimeText.tsx';
import { askerName } from './questionFilters.ts';

interface QuestionCardProps {
  question: QuestionRecord;
  /** The page's label (its address when it is no longer in the deck). */
  page: string;
  now: Date;
  /** Sends an answer; rejects with the reason, which the section shows. */
  onAnswer: (question: QuestionRecord, answer: string) => Promise<void>;
  onMarkAnswered: (question: QuestionRecord) => Promise<void>;
}

/**
 * One question in the console: who asked, on which page and figure, when, their words (as text, never
 * markup), and either the answer given or the form to answer it or mark it answered without words.
 */
export function QuestionCard({ question, page, now, onAnswer, onMarkAnswered }: QuestionCardProps) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const field = `answer-${question.id}`;
  const answered = question.status === 'answered';
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={answered ? 'admin-question admin-question--answered' : 'admin-question'} data-question={question.id} aria-labelledby={`${field}-title`}>
      <h3 id={`${field}-title`} className="admin-question__title">
        {askerName(question)} <span className="admin-question__page">on {page}</span>
      </h3>
      <p className="admin-question__meta">
        <span className="admin-question__status">{answered ? 'Answered' : 'Unanswered'}</span> · asked <RelativeTime iso={question.created_date} now={now} />
        {question.figure_id && (
          <>
            {' '}
            · about {question.figure_text ?? question.figure_id}
            {question.figure_label ? ` (${question.figure_label})` : ''}
          </>
        )}
        {question.version_id && <> · version {question.version_id}</>}
      </p>
      <blockquote className="admin-question__text">{question.question}</blockquote>
      {answered ? (
        <div className="admin-question__answer">
          <p className="admin-question__meta">
            {question.answer ? 'Answered' : 'Marked answered'}
            {question.answered_by ? ` by ${question.answered_by}` : ''} <RelativeTime iso={question.answered_at} now={now} />
          </p>
          {question.answer && <p className="admin-question__answer-text">{question.answer}</p>}
        </div>
      ) : (
        <form
          className="admin-question__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && draft.trim()) void run(() => onAnswer(question, draft.trim()).then(() => setDraft('')));
          }}
        >
          <div className="admin-field">
            <label htmlFor={field}>
              Your answer<span className="visually-hidden"> to {askerName(question)}</span>
            </label>
            <textarea id={field} rows={3} maxLength={ANSWER_MAX_CHARS} value={draft} onChange={(event) => setDraft(event.target.value)} />
          </div>
          <div className="admin-form__actions">
            <button type="submit" className="admin-button admin-button--primary" aria-disabled={busy || !draft.trim()}>
              Send answer<span className="visually-hidden"> to {askerName(question)}</span>
            </button>
            <button type="button" className="admin-button" aria-disabled={busy} onClick={() => !busy && void run(() => onMarkAnswered(question))}>
              Mark answered<span className="visually-hidden"> without an answer</span>
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
