import type { DeckSettings } from '../../schemas/deckSettings.ts';
import type { FieldPath } from './contentIssue.ts';
import { SETTING_NAMES, settingsValues, settingValue, type ShownSettings } from './settingNames.ts';

/** The blanks a frontmatter string may use, `{host}` → the life-transition brand's name. */
export type DeckTokens = Readonly<Record<string, string>>;

/** The spec's blanks (`{name}`, `{host}`, `{phone}`) and the other deck settings, for any content file. */
export function deckTokens(settings: DeckSettings): DeckTokens {
  return settingsValues(settings);
}

/** Settings of valid shape that stand in while deck.yaml is broken. */
const PLACEHOLDER_SETTINGS: ShownSettings = {
  company: { name: 'company' },
  partner: { name: 'name', licence: 'licence' },
  host: { name: 'host', domain: 'host.example' },
  contact: { phone: '(000) 000-0000', website: 'website.example' },
};

/** Stand-ins for every blank while the file that fills them is broken: the same names, valid shapes. */
export const PLACEHOLDER_TOKENS: DeckTokens = Object.fromEntries(SETTING_NAMES.map((name) => [name, settingValue(name, PLACEHOLDER_SETTINGS)]));

/**
 * Replaces `{token}` in every string of a YAML value; reports tokens that are not settings. A figure
 * (`{market.homeEquity}`, with a dot) is left for the figure checks and the components that show it.
 */
export function fillTokens(
  value: unknown,
  tokens: DeckTokens,
  path: PropertyKey[] = [],
): {
  value: unknown;
  unknown: Array<{ path: FieldPath; token: string }>;
} {
  const unknown: Array<{ path: FieldPath; token: string }> = [];
  const walk = (node: unknown, at: PropertyKey[]): unknown => {
    if (typeof node === 'string') {
      return node.replace(/\{(\w+)\}/g, (whole, token: string) => {
        if (token in tokens) return tokens[token]!;
        unknown.push({ path: at, token });
        return whole;
      });
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...at, index]));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, [...at, key])]));
    }
    return node;
  };
  return { value: walk(value, path), unknown };
}
