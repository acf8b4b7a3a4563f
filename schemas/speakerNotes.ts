import { z } from 'zod';

/** The longest speaker notes one slide may carry: read at a glance while presenting, not a script. */
export const NOTES_MAX_LENGTH = 1500;

const HOW = 'write them as a YAML block: `notes: |` then the text on indented lines below';

/**
 * A slide's speaker notes (frontmatter `notes`): plain prose, one or more lines, for admins only.
 * The build keeps them out of every file it serves (src/build/speakerNotes.ts).
 */
export const SpeakerNotes = z
  .unknown()
  // A custom issue, not a type error: the check words type errors itself and would drop the advice.
  .check((ctx) => {
    if (typeof ctx.value !== 'string') ctx.issues.push({ code: 'custom', input: ctx.value, message: `must be text; ${HOW}`, continue: false });
  })
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'must not be empty: write a few sentences for the presenter, or remove the field')
      .max(NOTES_MAX_LENGTH, `must be at most ${NOTES_MAX_LENGTH} characters: keep the few points the presenter needs`)
      // Notes are shown as text: markup would print as it is written.
      .refine((text) => !/<\/?[A-Za-z][^>]*>/.test(text), `must be plain text, without HTML or MDX tags; ${HOW}`),
  );
