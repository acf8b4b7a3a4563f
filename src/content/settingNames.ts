import type { BrandsFile } from '../../schemas/brand.ts';
import type { DeckSettings } from '../../schemas/deckSettings.ts';
import { formatUsdRange } from '../../schemas/formatUsd.ts';

/** The settings a page may show (the platform block stays on the server). */
export type ShownSettings = Omit<DeckSettings, 'platform'>;

/** Blanks filled from slides/deck.yaml: usable everywhere, brands.yaml included. */
const FROM_SETTINGS = {
  name: (settings: ShownSettings) => settings.partner.name,
  licence: (settings: ShownSettings) => settings.partner.licence,
  host: (settings: ShownSettings) => settings.host.name,
  hostDomain: (settings: ShownSettings) => settings.host.domain,
  phone: (settings: ShownSettings) => settings.contact.phone,
  website: (settings: ShownSettings) => settings.contact.website,
  company: (settings: ShownSettings) => settings.company.name,
};

/** Blanks filled from the figures brands.yaml states once: usable in slides, not in brands.yaml itself. */
const FROM_STATED = {
  brandCount: (stated: BrandsFile['stated']) => String(stated.brandCount),
  totalValuation: (stated: BrandsFile['stated']) => formatUsdRange(stated.totalValuation),
};

/**
 * The one table of deck setting names: `{host}` in frontmatter, `<Setting name="host" />` in a body,
 * and every name the content check suggests all come from here.
 */
export type SettingName = keyof typeof FROM_SETTINGS | keyof typeof FROM_STATED;
/** Every setting name, in the table's order. */
export const SETTING_NAMES = [...Object.keys(FROM_SETTINGS), ...Object.keys(FROM_STATED)] as SettingName[];
/** The names brands.yaml may use (it states the figures the others come from). */
export const BRAND_FILE_SETTING_NAMES = Object.keys(FROM_SETTINGS) as Array<keyof typeof FROM_SETTINGS>;

/** Whether a body's `<Setting name>` or a `{token}` names a deck setting. */
export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(FROM_SETTINGS, name) || Object.hasOwn(FROM_STATED, name);
}

/** The text a setting stands for. */
export function settingValue(name: SettingName, from: { settings: ShownSettings; stated: BrandsFile['stated'] }): string {
  if (Object.hasOwn(FROM_STATED, name)) return FROM_STATED[name as keyof typeof FROM_STATED](from.stated);
  return FROM_SETTINGS[name as keyof typeof FROM_SETTINGS](from.settings);
}

/** The settings-file blanks alone, for brands.yaml. */
export function settingsFileValues(settings: ShownSettings): Record<keyof typeof FROM_SETTINGS, string> {
  return Object.fromEntries(BRAND_FILE_SETTING_NAMES.map((name) => [name, FROM_SETTINGS[name](settings)])) as Record<keyof typeof FROM_SETTINGS, string>;
}
