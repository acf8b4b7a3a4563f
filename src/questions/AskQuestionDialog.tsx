import { useEffect, useState } from 'react';
import { QUESTION_FUNCTION, QUESTION_MAX_CHARS, type QuestionFigure, type QuestionRecord } from '../../schemas/questionPaths.ts';
import { FormDialog } from '../components/forms/FormDialog.tsx';
import { FormField } from '../components/forms/FormField.tsx';
import { useFormRequest } from '../components/forms/useFormRequest.ts';
import type { Base44Client } from '../sdk/index.ts';

/** What the viewer reads once their question is stored. */
export const QUESTION_THANKS = 'Your question is with the deck’s owners. Their answer appears beside this page and in your list of questions.';

/**
 * The question form for one page: their words, and optionally one of the page's figures (the platform
 * says which the page shows). Sent as a SlideQuestion of their own; a refusal (too long, too many in an
 * hour) lands next to its field or above the button.
 */
export function AskQuestionDialog({
  client,
  page,
  asked,
  onAll,
  onAsked,
  onClose,
}: {
  client: Base44Client;
  page: { path: string; label: string };
  /** How many questions the viewer has asked on every page so far. */
  asked: number;
  /** Shows all of them instead of the form. */
  onAll: () => void;
  onAsked: (question: QuestionRecord) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [figure, setFigure] = useState('');
  const figures = usePageFigures(client, page.path);
  const request = useFormRequest({ question: 'Your question', figure_id: 'Figure' });
  return (
    <FormDialog
      title={`Ask about ${page.label}`}
      request={request}
      done={QUESTION_THANKS}
      submitLabel="Send question"
      sendingLabel="Sending…"
      onSubmit={() =>
        void request.submit(
          (): Record<string, string> => (text.trim() ? {} : { question: 'Please write your question.' }),
          async () => {
            const body = { path: page.path, question: text.trim(), ...(figure && { figure_id: figure }) };
            onAsked((await client.entities.SlideQuestion!.create(body)) as QuestionRecord);
          },
        )
      }
      onClose={onClose}
    >
      <p className="modal__intro">
        Only the deck’s owners read it. You see their answer here in the deck.
        {asked > 0 && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={onAll}>
              Your questions so far ({asked})
            </button>
          </>
        )}
      </p>
      <FormField
        id="question-text"
        label="Your question"
        hint={`Required. At most ${QUESTION_MAX_CHARS.toLocaleString('en')} characters.`}
        multiline
        rows={5}
        required
        maxLength={QUESTION_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={request.errors.question}
        data-autofocus
      />
      {figures.length > 0 && (
        <div className="form-field">
          <label htmlFor="question-figure" className="form-field__label">
            About a figure
          </label>
          <span id="question-figure-hint" className="form-field__hint">
            Optional. One of the figures on this page.
          </span>
          <select
            id="question-figure"
            className="form-field__control"
            aria-describedby="question-figure-hint"
            value={figure}
            onChange={(event) => setFigure(event.target.value)}
          >
            <option value="">No particular figure</option>
            {figures.map((one) => (
              <option key={one.id} value={one.id}>
                {one.text}: {one.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FormDialog>
  );
}

/** The figures the page shows, as the platform lists them; none while asking, or when it cannot say. */
function usePageFigures(client: Base44Client, path: string): QuestionFigure[] {
  const [figures, setFigures] = useState<QuestionFigure[]>([]);
  useEffect(() => {
    let live = true;
    client.functions.invoke(QUESTION_FUNCTION.figures, { path }).then(
      (result) => live && Array.isArray(result.data) && setFigures(result.data as QuestionFigure[]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, path]);
  return figures;
}
