import { z } from 'zod';
import { ANSWER_MAX_CHARS, QUESTION_MAX_CHARS } from './questionPaths.ts';

// The bodies of questions as the platform checks them (questionPaths.ts has the facts without zod).

const Text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `must not be empty: write the ${what}`)
    .max(max, `must be at most ${max} characters`)
    // Control characters other than line breaks and tabs have no place in a person's words.
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), 'must not hold control characters');

/** A page's route as the registry spells it: `/`, `/market`. */
export const QuestionPath = z.string().regex(/^\/([a-z0-9-]{1,64})?$/, 'must be the address of a page of the deck, such as /market');

/** A SlideQuestion as the partner's page sends it. */
export const QuestionBody = z
  .object({
    path: QuestionPath,
    question: Text(QUESTION_MAX_CHARS, 'question'),
    figure_id: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/, 'must be the id of a figure on the page')
      .nullable()
      .optional(),
  })
  .strict();

/** An admin's change of a question: an answer, or its status alone. */
export const QuestionChange = z
  .object({
    answer: Text(ANSWER_MAX_CHARS, 'answer').optional(),
    status: z.enum(['open', 'answered'], 'must be open or answered').optional(),
  })
  .strict();

/** The body of QUESTION_FUNCTION.figures. */
export const QuestionFiguresBody = z.object({ path: QuestionPath }).strict();
