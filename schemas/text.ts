import { z } from 'zod';

/** Non-empty, trimmed display text: a blank field on a slide is always an editing mistake. */
export const Text = z.string({ error: 'must be text' }).trim().min(1, 'must not be empty');

/** A lowercase id that other records reference (`hecm-ai`). */
export const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase-hyphenated id such as hecm-ai');

/** A page's name (`CoreTechnology`): its route is derived from it, and links name it. */
export const PageName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a PascalCase page name such as ExecutiveSummary');

/** An optional group name that lets one slide show several sections of the same kind of record. */
export const GroupName = Slug.optional();
