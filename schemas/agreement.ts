import { z } from 'zod';

// The confidentiality agreement a partner accepts before the deck's first page: its frontmatter as
// slides/agreement.md writes it, and the text as the build hands it to the platform.

/** `slides/agreement.md`'s frontmatter. */
export const AgreementFrontmatter = z
  .object({
    title: z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters'),
  })
  .strict();
export type AgreementFrontmatter = z.infer<typeof AgreementFrontmatter>;

/** Where the build writes the agreement for the platform: `dist-server/agreement.json`, never in dist/. */
export const AGREEMENT_FILE = 'agreement.json';

/** The agreement as the platform shows it and records its acceptance. */
export interface AgreementText {
  title: string;
  /** The Markdown body rendered to HTML (text, paragraphs, lists, emphasis, links; never raw HTML). */
  html: string;
  /**
   * A hash of the title and the words: a changed text is a new version, which every partner accepts
   * again; a rebuild of the same text is the same version.
   */
  version: string;
}
