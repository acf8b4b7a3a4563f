/**
 * Every component a slide body may use, by the name it writes in MDX. The content check reads this
 * list (src/content may not import src/components); tests/content/mdxComponentNames.test.ts keeps it
 * naming exactly the components exported by src/components/{Name}.tsx, which a slide chunk imports.
 */
export const MDX_COMPONENT_NAMES = [
  'Audiences',
  'BrandOverview',
  'Cards',
  'Columns',
  'ContactDetail',
  'ConsultationButton',
  'Ecosystem',
  'Figure',
  'LinkButton',
  'Mascot',
  'Note',
  'PartnerFooter',
  'Section',
  'Setting',
  'Sites',
  'SlideLink',
  'StatNote',
  'Stats',
  'Steps',
  'Stories',
  'Timeline',
] as const;
export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/** The components whose `to` names a page (`<SlideLink to="CoreTechnology">`). */
export const PAGE_LINK_COMPONENTS: ReadonlySet<string> = new Set<MdxComponentName>(['SlideLink', 'LinkButton']);

/** The attributes that name a figure of the ledger (`<Figure id="market.homeEquity" />`), by component. */
export const FIGURE_ATTRIBUTES: Readonly<Partial<Record<MdxComponentName, string>>> = { Figure: 'id', Ecosystem: 'total' };
