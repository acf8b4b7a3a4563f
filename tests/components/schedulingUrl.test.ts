// contact.schedulingUrl: where "Schedule a Consultation" leads in a standalone build, checked like every deck setting.
import { describe, expect, it } from 'vitest';
import { DeckSettings } from '../../schemas/deckSettings.ts';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

const withUrl = (value: string) => {
  const sources = realDeckSources();
  const text = sources.settings.text.replace(/^(  website: .*)$/m, `$1\n  schedulingUrl: ${JSON.stringify(value)}`);
  return { ...sources, settings: { ...sources.settings, text } };
};

describe('contact.schedulingUrl', () => {
  it('is optional, and an https address is accepted and reaches the settings the pages read', () => {
    expect(DeckSettings.parse(assembleDeck(realDeckSources()).content!.settings).contact.schedulingUrl).toBeUndefined();
    const { content, issues } = assembleDeck(withUrl('https://calendly.com/reverse-holdings/intro'));
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(content?.settings.contact.schedulingUrl).toBe('https://calendly.com/reverse-holdings/intro');
  });

  it.each(['http://calendly.com/x', 'calendly.com/x', 'javascript:alert(1)', 'https://localhost/x'])(
    '%s is an error at its line that says what is wanted',
    (value) => {
      const { issues } = assembleDeck(withUrl(value));
      const errors = issues.filter((issue) => issue.severity === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        file: 'slides/deck.yaml',
        field: 'contact.schedulingUrl',
        message: 'must be an https address such as https://calendly.com/your-team',
      });
      expect(errors[0]!.line).toBeGreaterThan(1);
    },
  );
});
