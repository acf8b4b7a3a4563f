import type { DeckSettings } from '../../schemas/deckSettings.ts';

/**
 * The settings a page may show (the platform block stays on the server). The partner is optional: the
 * browser's copy has none (it is the viewer's, PartnerText), the check and the build have it.
 */
export type ShownSettings = Omit<DeckSettings, 'platform' | 'partner'> & { partner?: DeckSettings['partner'] };

/**
 * Blanks filled from slides/deck.yaml, usable everywhere (brands.yaml included). Figures are not
 * settings: they live in the figures ledger (slides/figures.yaml) and are written by id.
 */
const FROM_SETTINGS = {
  // The browser's settings have no partner, but its pages never ask: <Setting> shows the viewer's (PartnerText).
  name: (settings: ShownSettings) => settings.partner!.name,
  licence: (settings: ShownSettings) => settings.partner!.licence,
  host: (settings: ShownSettings) => settings.host.name,
  hostDomain: (settings: ShownSettings) => settings.host.domain,
  phone: (settings: ShownSettings) => settings.contact.phone,
  website: (settings: ShownSettings) => settings.contact.website,
  company: (settings: ShownSettings) => settings.company.name,
};

/**
 * The one table of deck setting names: `{host}` in frontmatter, `<Setting name="host" />` in a body,
 * and every name the content check suggests all come from here.
 */
export type SettingName = keyof typeof FROM_SETTINGS;
/** Every setting name, in the table's order. */
export const SETTING_NAMES = Object.keys(FROM_SETTINGS) as SettingName[];

/** Whether a body's `<Setting name>` or a `{token}` names a deck setting. */
export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(FROM_SETTINGS, name);
}

/** The text a setting stands for. */
export function settingValue(name: SettingName, settings: ShownSettings): string {
  return FROM_SETTINGS[name](settings);
}

/** Every setting's text, by name. */
export function settingsValues(settings: ShownSettings): Record<SettingName, string> {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, FROM_SETTINGS[name](settings)])) as Record<SettingName, string>;
}
