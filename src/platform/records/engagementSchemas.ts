import { z } from 'zod';
import { DEFAULT_DECK_OPTIONS, type DeckOptions, type DeviceKind, type SlideViewFields } from '../../../schemas/engagementPaths.ts';

// The strict shapes of the engagement entities (schemas/engagementPaths.ts holds the facts without
// zod, since the viewer's first visit imports it). Each bound is what a real page can send, so a
// record that passes is one the console can sum without checking again.

/** Longest time one SlideView record may carry: a day, far above any flush interval. */
export const MAX_VIEW_MS = 86_400_000;

const DEVICES = ['desktop', 'tablet', 'phone'] as const satisfies readonly DeviceKind[];

/** The ids a page makes (crypto.randomUUID, or random hex): visit ids and record keys. */
const PAGE_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The fields of a SlideView as a viewer's page sends them. */
export const SlideViewBody = z
  .object({
    // crypto.randomUUID() in the page; any id of that alphabet and size will do.
    visit_id: z.string().regex(PAGE_ID, 'must be a visit id (letters, digits and -, 8 to 64 characters)'),
    path: z.string().regex(/^\/([a-z0-9-]{1,64})?$/, 'must be a slide route such as / or /market'),
    ms: z.number('must be a number').int('must be whole milliseconds').min(0, 'must not be negative').max(MAX_VIEW_MS, `must be at most ${MAX_VIEW_MS}`),
    visit_started_at: z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }),
    device: z.enum(DEVICES, `must be one of ${DEVICES.join(', ')}`),
    view_key: z.string().regex(PAGE_ID, 'must be a record key (letters, digits and -, 8 to 64 characters)').optional(),
  })
  .strict() satisfies z.ZodType<SlideViewFields>;

const flag = (name: keyof DeckOptions) => z.boolean(`must be true or false`).default(DEFAULT_DECK_OPTIONS[name]);

/** A new DeckOptions record: any switch left out takes its default. */
export const DeckOptionsBody = z
  .object({ watermark: flag('watermark'), downloads: flag('downloads'), recording: flag('recording') })
  .strict() satisfies z.ZodType<DeckOptions>;

/** A change to the DeckOptions record: any of the switches. */
export const DeckOptionsChange = z
  .object({ watermark: z.boolean('must be true or false'), downloads: z.boolean('must be true or false'), recording: z.boolean('must be true or false') })
  .partial()
  .strict();
