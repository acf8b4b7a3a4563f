import { describe, expect, it } from 'vitest';
import { deckWidePartner } from '../../schemas/deckWidePartner.ts';
import { fillPartnerSlots, partnerOfSettings } from '../../schemas/partnerValues.ts';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { parseSlide } from '../../src/content/parseSlide.ts';
import { partnerModule, registryModule } from '../../src/content/registryModules.ts';
import { realDeckSources } from '../fixtures/deckFixture.ts';

// A deck not yet released still holds sample values (deck.yaml's samples:); none of them reaches a
// partner: not in a page's slots, not in the chunks a browser loads, not in the PDF's pages.

const { content } = assembleDeck(realDeckSources());
const settings = content!.settings;
const sampleWords = [
  settings.partner.name,
  settings.partner.licence,
  settings.host.name,
  settings.host.domain,
  settings.contact.phone,
  settings.contact.website,
];
const COVER =
  '<p class="partner-footer" hidden="">Prepared for <strong data-partner="line"></strong><span data-partner="suffix"></span></p><p>for <span data-partner="name"></span></p>';

describe('a sample deck-wide partner', () => {
  it('is shown as "you", with no Prepared-for line', () => {
    expect(settings.samples).toEqual(expect.arrayContaining(['partner.name', 'partner.licence']));
    const partner = partnerOfSettings(deckWidePartner(settings));
    expect(partner).toEqual({ name: 'you', line: '', licence: '', sample: true });
    const filled = fillPartnerSlots(COVER, partner);
    expect(filled).toContain('<p class="partner-footer" hidden="">');
    expect(filled).toContain('for <span data-partner="name">you</span>');
    expect(filled).not.toContain(settings.partner.name);
  });

  it('is shown as written once replaced (no longer under samples:)', () => {
    const partner = partnerOfSettings(deckWidePartner({ ...settings, samples: ['host.name'] }));
    const filled = fillPartnerSlots(COVER, partner);
    expect(filled).toContain(`<p class="partner-footer">Prepared for <strong data-partner="line">${settings.partner.name.replace('&', '&amp;')}</strong>`);
    expect(filled).toContain(` · ${settings.partner.licence}`);
  });
});

describe('the modules a browser loads', () => {
  it('carry no sample value: the registry holds the stand-ins, the partner chunk no name', () => {
    const modules = `${registryModule(content!, (name) => `virtual:slide/${name}`)}\n${partnerModule(content!)}`;
    for (const word of sampleWords) expect(modules, word).not.toContain(JSON.stringify(word).slice(1, -1));
    expect(modules).toContain('Life-transition brand');
  });
});

describe('<ContactDetail>', () => {
  it('names a deck setting, checked like <Setting>', () => {
    const page = '---\nname: Appendix\nlabel: Appendix\noutsideDeck: true\ntitle: Appendix\n---\n\n<ContactDetail label="Phone" name="phnoe" />\n';
    const { issues } = parseSlide('slides/appendix.mdx', page, {});
    expect(issues.map((issue) => `${issue.line}:${issue.column} ${issue.field}: ${issue.message}`)).toEqual([
      '8:30 <ContactDetail name="phnoe">: is not a deck setting (did you mean phone?)',
    ]);
  });
});
