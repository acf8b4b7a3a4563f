import type { DeckSettings } from '../../schemas/deckSettings.ts';

/**
 * What a page shows in place of a deck setting that still holds a sample (deck.yaml's `samples:`),
 * so a partner never reads an invented host, phone or address on a deck that is not released yet:
 * the host reads as what it is, and the phone and the addresses stay out (their rows and lines are
 * not drawn). A sample deck-wide partner reads "you", as the pages' partner slots do
 * (schemas/partnerValues.ts). The company's name is the deck's own title: kept, and named by "Ready to
 * share" until it is replaced.
 */
const STAND_INS: Readonly<Record<string, string>> = {
  'partner.name': 'you',
  'partner.licence': '',
  'host.name': 'Life-transition brand',
  'host.domain': '',
  'contact.phone': '',
  'contact.website': '',
};

/** The settings as the pages show them: each sample with a stand-in replaced by it. */
export function shownSettings(settings: DeckSettings): DeckSettings {
  const samples = new Set(settings.samples ?? []);
  const standIn = (path: string, value: string) => (samples.has(path) && path in STAND_INS ? STAND_INS[path]! : value);
  return {
    ...settings,
    partner: { name: standIn('partner.name', settings.partner.name), licence: standIn('partner.licence', settings.partner.licence) },
    host: { name: standIn('host.name', settings.host.name), domain: standIn('host.domain', settings.host.domain) },
    contact: { ...settings.contact, phone: standIn('contact.phone', settings.contact.phone), website: standIn('contact.website', settings.contact.website) },
  };
}
