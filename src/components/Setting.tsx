import { deckSettings } from '../registry/slideRegistry.ts';
import { isSettingName, settingValue, type SettingName } from '../content/settingNames.ts';
import { PartnerText } from './PartnerText.tsx';

export type { SettingName };

/** The settings `<Setting name link />` can show as a link. */
const LINKS: Partial<Record<SettingName, (value: string) => { href: string; external: boolean }>> = {
  // A dialler reads digits and a leading +; "(555) 010-0100" is for people.
  phone: (value) => ({ href: `tel:${value.replace(/[^\d+]/g, '')}`, external: false }),
  website: (value) => ({ href: `https://${value}`, external: true }),
};

/**
 * `<Setting name="host" />` in a slide body: a blank filled from slides/deck.yaml. `name` and `licence` are the
 * viewer's partner (their own Prepared-for, else the deck-wide partner). With `link`, the phone becomes a `tel:` link and the website a link to its site.
 */
export function Setting({ name, link = false }: { name: SettingName; link?: boolean }) {
  if (!isSettingName(name)) throw new Error(`<Setting name="${String(name)}"> is not a deck setting`);
  // The partner's settings are the viewer's (PartnerText); the deck's own settings are everyone's.
  if (name === 'name' || name === 'licence') return <PartnerText part={name} />;
  const value = settingValue(name, deckSettings);
  // A setting still holding a sample shows as empty (src/content/sampleStandIns.ts): nothing to link.
  if (!value) return null;
  return link ? <SettingLink name={name} value={value} /> : <>{value}</>;
}

/** A setting's value as its link: the phone a `tel:` link, the website a link to its site in a new tab; others as text. */
export function SettingLink({ name, value }: { name: SettingName; value: string }) {
  const toLink = LINKS[name];
  if (!toLink) return <>{value}</>;
  const { href, external } = toLink(value);
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {value}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a href={href}>{value}</a>
  );
}
