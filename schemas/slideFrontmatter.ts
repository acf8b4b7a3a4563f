import { z } from 'zod';
import { Audience } from './audience.ts';
import { Card } from './card.ts';
import { ProcessStep } from './processStep.ts';
import { Stat } from './stat.ts';
import { SpeakerNotes } from './speakerNotes.ts';
import { SuccessStory } from './successStory.ts';
import { PageName, Slug, Text } from './text.ts';
import { TimelineEntry } from './timelineEntry.ts';

/** Page layouts the shell knows; `cover` is the landing hero, everything else a content slide. */
export const SlideLayoutName = z.enum(['cover', 'content']);

/**
 * A slide's frontmatter: who it is (`name` → route, `label`, `order`) and the records its body shows.
 * A page outside the deck order (the core-technology page) says `outsideDeck: true` instead of `order`.
 */
export const SlideFrontmatter = z
  .object({
    name: PageName,
    label: Text,
    order: z.number().int().positive('must be 1 or more').optional(),
    outsideDeck: z.literal(true).optional(),
    layout: SlideLayoutName.optional(),
    title: Text,
    eyebrow: Text.optional(),
    tagline: Text.optional(),
    /** One sentence for the page's meta description and link previews. */
    summary: Text.optional(),
    brand: Slug.optional(),
    brands: z.array(Slug).min(1).optional(),
    stats: z.array(Stat).min(1).optional(),
    cards: z.array(Card).min(1).optional(),
    steps: z.array(ProcessStep).min(1).optional(),
    stories: z.array(SuccessStory).min(1).optional(),
    audiences: z.array(Audience).min(1).optional(),
    timeline: z.array(TimelineEntry).min(1).optional(),
    /** Speaker notes (multi-line prose), for admins only: never in a file a viewer can fetch. */
    notes: SpeakerNotes.optional(),
  })
  .strict()
  .check((ctx) => {
    const { order, outsideDeck } = ctx.value;
    if ((order === undefined) === (outsideDeck === undefined)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: order === undefined ? [] : ['order'],
        message: 'needs either order (a place in the deck) or outsideDeck: true, not both',
      });
    }
  });
export type SlideFrontmatter = z.infer<typeof SlideFrontmatter>;

/** The records a slide body can show; the registry hands them to the slide's components. */
export type SlideRecords = Pick<SlideFrontmatter, 'brand' | 'brands' | 'stats' | 'cards' | 'steps' | 'stories' | 'audiences' | 'timeline'>;
