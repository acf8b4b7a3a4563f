import { deckSettings, loadDeckPartner, loadDeckRegistry } from '../../src/registry/slideRegistry.ts';

// The deck settings' blanks are read from the registry, which loads lazily (the unit setup has
// loaded it already; the browser tests, which run in Node, have not).
await loadDeckRegistry();
// The deck-wide partner has its own chunk: the standalone deck shows it.
const partner = await loadDeckPartner();

// A setting that still holds a sample is shown as its stand-in, and an empty stand-in draws nothing
// (src/content/sampleStandIns.ts): such a blank names no figure, since every text contains "".
const shown = (...values: string[]) => values.filter((value) => value !== '');

/**
 * Every figure the spec states, on the page that shows it, exactly as the spec writes it: what the
 * page carries on screen and on paper alike. The deck settings' blanks ({name}, {host}, {phone}) are
 * read from slides/deck.yaml as the pages show them; a deck-wide partner still under samples is
 * shown nowhere (the cover then has no "Prepared for" line).
 */
export const SPEC_FIGURES: Readonly<Record<string, readonly string[]>> = {
  '/': ['The Reverse Mortgage Ecosystem', ...(partner.sample ? [] : shown(partner.name, partner.licence))],
  '/executivesummary': [
    'Vision',
    'Mission',
    'REMO AI Core',
    'Instant calculations',
    'Expert knowledge',
    'Zero pressure',
    'Chat available now',
    '10 brands',
    '30M+',
    '30+ years',
    '$13.95T',
    '5%',
  ],
  '/problem': ['75-85', 'Under 1%', '45-60+ days', 'Under 3%', 'High costs'],
  '/market': ['$13.95T', '$11.58T', '27-30M', '10,000', '62+', 'Under 3%', '96%', '73%', '70%+', '30+ years', '360°', '100%'],
  '/remoai': ['$1.25M-$1.5M', 'HECM.AI', 'TBD, based on structure and negotiated terms.'],
  '/ecosystem': [
    '$7.1M-$9.4M',
    '$500K-$750K',
    '$2M-$2.5M',
    '$750K-$1.5M',
    '$600K-$1.2M',
    '$500K-$1M',
    '$400K-$800K',
    '$300K-$600K',
    '$250K-$500K',
    '$200K-$400K',
    'Live & Operational',
    'Stealth Stage',
  ],
  '/hecmai': ['$500K-$750K', '$1,209,750', 'TBD, based on structure and negotiated terms.'],
  '/hecmpurchase': ['$1.25M-$1.5M', '40-60%', '$427K', 'Concept stage', 'TBD, based on structure and negotiated terms.'],
  '/virtualreverse': ['$250K-$500K', '30-minute', '30 days', 'TBD, based on structure and negotiated terms.'],
  '/downsize': [...shown(deckSettings.host.name), 'Strategic concept', 'TBD, based on structure and negotiated terms.'],
  '/reversemasterclass': ['$250K-$500K', '4-hour', '20-hour', '100+ hours', '1-hour', '2-hour', '8+', '150+', '+27%', '98%', '100% free'],
  '/reversetpo': [
    '$75K-$150K',
    'HECM Standard',
    'HECM Saver',
    'HECM for Purchase',
    'Jumbo Reverse',
    'Up to $4M',
    '$1,209,750',
    '$2K-$6K',
    '$20K+',
    '21 days',
    '21-28 days',
    '48-hour',
    '18 days',
  ],
  '/reversedesk': ['$1.25M-$1.5M', '24/7', '40%+', '80%', '21-28 days', '45-60'],
  '/reverseradio': ['$100K-$150K', '62+', 'Adult children', 'Advisors', 'Real-estate professionals', 'Senior-care providers'],
  '/reverseguide': ['$75K-$150K', '75+'],
  '/reversemortgagenews': ['$1.5M-$2M', '2003', '2025'],
  '/contact': [...shown(deckSettings.contact.phone, deckSettings.contact.website), 'TBD'],
  '/coretechnology': [
    '40%+',
    '80%',
    '3x',
    '99.9%',
    'KG-001',
    'XAI-002',
    'HITL-003',
    'CF-004',
    'Point of sale',
    'CRM',
    'Loan origination',
    'Document management',
    'Pricing engine',
  ],
};

/**
 * The controls the spec puts on a page, by their label: on screen they are there to be used; paper
 * prints none (a button on paper invites a click that cannot work).
 */
export const SPEC_CONTROLS: Readonly<Record<string, readonly string[]>> = {
  '/': ['View Presentation'],
  '/executivesummary': ['Explore the core AI technology'],
  '/remoai': ['Explore the core AI technology'],
  '/hecmai': ['See REMO AI'],
  '/reversedesk': ['Explore the core AI technology'],
  '/contact': ['Schedule a Consultation'],
  '/coretechnology': ['Back to REMO AI'],
};
