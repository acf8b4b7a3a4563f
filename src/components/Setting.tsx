import { deckSettings } from '../deck/slideRegistry.ts';

/** The deck settings a slide body may show by name; `{name}`, `{host}`, `{phone}` in the spec. */
const SETTINGS = {
  name: () => deckSettings.partner.name,
  licence: () => deckSettings.partner.licence,
  host: () => deckSettings.host.name,
  hostDomain: () => deckSettings.host.domain,
  phone: () => deckSettings.contact.phone,
  website: () => deckSettings.contact.website,
  company: () => deckSettings.company.name,
} as const;
export type SettingName = keyof typeof SETTINGS;

/** `<Setting name="host" />` in a slide body: a blank filled from slides/deck.yaml. */
export function Setting({ name }: { name: SettingName }) {
  const read = SETTINGS[name];
  if (!read) throw new Error(`<Setting name="${String(name)}"> is not a deck setting`);
  return <>{read()}</>;
}
