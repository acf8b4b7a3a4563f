import { deckSettings } from '../registry/slideRegistry.ts';
import { settingValue } from '../content/settingNames.ts';
import { Setting, type SettingName } from './Setting.tsx';

/**
 * One line of the contact panel, `<ContactDetail label="Phone" name="phone" />`: its label and the
 * setting as a link. A setting still holding a sample is empty (src/content/sampleStandIns.ts), and
 * then the line stays out rather than showing a label with nothing after it.
 */
export function ContactDetail({ label, name }: { label: string; name: SettingName }) {
  if (!settingValue(name, deckSettings)) return null;
  return (
    <p className="contact-panel__item">
      <span className="contact-panel__label">{label}</span>{' '}
      <strong>
        <Setting name={name} link />
      </strong>
    </p>
  );
}
