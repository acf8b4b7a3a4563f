import { didYouMean } from './closestName.ts';
import type { ContentIssue } from './contentIssue.ts';
import { PAGE_LINK_COMPONENTS } from './mdxComponentNames.ts';
import type { ParsedSlide } from './parseSlide.ts';
import { slidePath } from './slidePath.ts';

/** What a slide may point at: the pages of the registry, the files in public/ and the brand ids. */
export interface ReferenceTargets {
  pageNames: readonly string[];
  /** Paths under public/ as the site serves them (`/remo-mascot.svg`). */
  publicFiles: ReadonlySet<string>;
  /** Undefined while brands.yaml is broken (its own errors are reported instead). */
  brandIds?: readonly string[];
}

/**
 * Every internal link names a page of the registry (so renaming a page is one edit and a stale link
 * is an error), every image exists in public/, every `<BrandOverview id>` is a brand.
 */
export function checkReferences(slides: readonly ParsedSlide[], targets: ReferenceTargets): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const pages = new Set(targets.pageNames);
  const pageOfPath = new Map(targets.pageNames.map((name) => [slidePath(name), name]));
  const missingPage = (name: string) => {
    const byPath = pageOfPath.get(name.toLowerCase());
    if (byPath) return `links are written by page name, not by path: write ${byPath}`;
    return `no page is named ${name}${didYouMean(name, targets.pageNames)}`;
  };

  for (const slide of slides) {
    const { file, mdx } = slide;
    const error = (at: { line: number; column: number }, field: string, message: string) =>
      issues.push({ severity: 'error', file, line: at.line, column: at.column, field, message });

    for (const element of mdx.elements) {
      if (PAGE_LINK_COMPONENTS.has(element.name)) {
        const to = element.attributes.to;
        if (!to) error(element, `<${element.name}>`, 'needs to="PageName", the page it links to');
        else if (to.value === null) error(to, `<${element.name} to>`, 'must be a page name in quotes, such as to="CoreTechnology"');
        else if (!pages.has(to.value)) error(to, `<${element.name} to="${to.value}">`, missingPage(to.value));
      }
      const id = element.name === 'BrandOverview' ? element.attributes.id : undefined;
      if (id?.value && targets.brandIds && !targets.brandIds.includes(id.value)) {
        error(id, `<BrandOverview id="${id.value}">`, `no brand has id ${id.value}${didYouMean(id.value, targets.brandIds)}`);
      }
    }
    for (const link of mdx.links) {
      if (link.url.startsWith('/') && !link.url.startsWith('//')) {
        const page = pageOfPath.get(link.url.toLowerCase().replace(/\/$/, '') || '/');
        error(link, link.url, `links inside the deck are written by page name: <SlideLink to="${page ?? 'PageName'}">`);
      }
    }
    for (const image of mdx.images) {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(image.url)) continue;
      const path = image.url.startsWith('/') ? image.url : `/${image.url}`;
      if (!targets.publicFiles.has(decodeURI(path.split(/[?#]/)[0]!))) {
        error(image, image.url, `no such image in public/ (images are served from public/, written as ${path})`);
      }
    }
    (slide.frontmatter.cards ?? []).forEach((card, index) => {
      if (card.link !== undefined && !pages.has(card.link)) {
        error(slide.locate(['cards', index, 'link']), `cards[${index}].link`, missingPage(card.link));
      }
    });
  }
  return issues;
}
