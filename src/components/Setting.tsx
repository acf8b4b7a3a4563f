import { deckSettings } from '../registry/slideRegistry.ts';
import { isSettingName, settingValue, type SettingName } from '../content/settingNames.ts';
import { useSlide } from './SlideContext.tsx';

export type { SettingName };

/** `<Setting name="host" />` in a slide body: a blank filled from slides/deck.yaml (or a figure brands.yaml states). */
export function Setting({ name }: { name: SettingName }) {
  const { stated } = useSlide();
  if (!isSettingName(name)) throw new Error(`<Setting name="${String(name)}"> is not a deck setting`);
  return <>{settingValue(name, { settings: deckSettings, stated })}</>;
}
