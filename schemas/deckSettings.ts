import { z } from 'zod';

const Text = z.string().trim().min(1, 'must not be empty');
const Domain = z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a bare domain such as example.com (no scheme, no path)');

/** An https address on a named host (one message, however many ways it is wrong). */
const HttpsUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(url.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}, 'must be an https address such as https://calendly.com/your-team');

/**
 * One source of the deck's `frame-ancestors`: `'self'`, `'none'` (the quotes may be left
 * out) or an origin that may frame the deck, such as the hosting platform's `https://app.base44.com`
 * (`https://*.example.com` for every subdomain). No path: framing is decided per origin.
 */
export const FrameAncestor = z
  .string({ error: "must be 'self', 'none' or an origin such as https://app.base44.com" })
  .trim()
  .transform((value) => (/^'?(self|none)'?$/i.test(value) ? `'${value.replace(/'/g, '').toLowerCase()}'` : value))
  .refine(
    (value) => value === "'self'" || value === "'none'" || /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(value),
    "must be 'self', 'none' or an origin such as https://app.base44.com (scheme and host, no path)",
  );

/** Who may frame the deck: one or more FrameAncestor sources; `'none'` stands alone. */
export const FrameAncestors = z
  .array(FrameAncestor)
  .min(1, "must name at least one source, such as 'self'")
  .refine((list) => !list.includes("'none'") || list.length === 1, "'none' cannot be combined with other sources");

/** Who may open the deck when it runs on the platform. */
export const DeckVisibility = z.enum(['public_without_login', 'public_with_login', 'private_with_login']);
export type DeckVisibility = z.infer<typeof DeckVisibility>;

/**
 * The spec's blanks and the deck-wide settings, filled in once in `slides/deck.yaml`:
 * `{name}` is `partner.name`, `{host}` is `host.name`, `{phone}` is `contact.phone`.
 */
export const DeckSettings = z
  .object({
    company: z.object({ name: Text }).strict(),
    partner: z.object({ name: Text, licence: Text }).strict(),
    host: z.object({ name: Text, domain: Domain }).strict(),
    contact: z
      .object({
        phone: z.string().regex(/^[0-9()+\-. ]{7,20}$/, 'must be a phone number such as (555) 010-0100'),
        website: Domain,
        email: z.email('must be an email address').optional(),
        /** Where "Schedule a Consultation" leads in a standalone build (on the platform it opens a request form). */
        schedulingUrl: HttpsUrl.optional(),
      })
      .strict(),
    platform: z
      .object({
        appId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _'),
        visibility: DeckVisibility,
        /** The hosting platform's parent origins that may frame the deck (default `'self'`; env FRAME_ANCESTORS). */
        frameAncestors: FrameAncestors.optional(),
      })
      .strict(),
    /** The deck order's length (absent: the spec's 17, DEFAULT_DECK_LENGTH) and its title in mail (absent: "investor deck"). */
    deck: z
      .object({ length: z.number({ error: 'must be a number' }).int().positive('must be 1 or more').optional(), title: Text.optional() })
      .strict()
      .optional(),
    /** The settings still holding sample values (`partner.name`): named by the check, refused by a release build. */
    samples: z.array(z.string({ error: 'must be a setting such as partner.name' })).optional(),
  })
  .strict();
export type DeckSettings = z.infer<typeof DeckSettings>;
