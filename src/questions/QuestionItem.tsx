import type { QuestionRecord } from '../../schemas/questionPaths.ts';
import { figureText, questionState, questionTime } from './questionText.ts';

/**
 * One question of the viewer's and its answer. The words are theirs and the owners': React writes them as
 * text, never as markup, and line breaks stay (white-space in questions.css).
 */
export function QuestionItem({ question, headingLevel = 3 }: { question: QuestionRecord; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const about = figureText(question);
  const answered = question.status === 'answered';
  return (
    <article className={answered ? 'question question--answered' : 'question'} data-question={question.id}>
      <Heading className="visually-hidden">Your question of {questionTime(question.created_date)}</Heading>
      <p className="question__meta">
        <span className="question__state">{questionState(question)}</span> · asked{' '}
        <time dateTime={question.created_date}>{questionTime(question.created_date)}</time>
        {about && <> · {about}</>}
      </p>
      <blockquote className="question__text">{question.question}</blockquote>
      {question.answer && (
        <div className="question__answer">
          <p className="question__meta">
            Answer{question.answered_by ? ` from ${question.answered_by}` : ''}
            {question.answered_at && (
              <>
                , <time dateTime={question.answered_at}>{questionTime(question.answered_at)}</time>
              </>
            )}
          </p>
          <p className="question__answer-text">{question.answer}</p>
        </div>
      )}
    </article>
  );
}
