// How a page's sections are arranged on the present-mode canvas. CSS multi-column keeps
// sections in reading order, top to bottom, left column first, so one tall section (the Problem
// page's six root causes) leaves the other column half empty. Here each section goes, in order, to
// the column that is shortest so far, as a masonry grid does, so columns end close together and the
// page's type can grow. The DOM order, which screen readers follow, never changes.

/** The styles this module writes on a body's sections, removed again by `unflow`. */
const PLACED = ['position', 'left', 'top', 'width', 'max-width', 'margin'] as const;

/**
 * The body's children in the groups that are placed together. What comes before the first section
 * (a brand page's overview row, an introduction) runs across every column, each on its own; after
 * that, prose, notes and buttons between sections stay under the section before them, which they
 * belong to.
 */
export function groupsOf(children: readonly HTMLElement[]): { items: HTMLElement[]; across: boolean }[] {
  const groups: { items: HTMLElement[]; across: boolean }[] = [];
  let seenSection = false;
  for (const child of children) {
    const isSection = child.tagName === 'SECTION';
    seenSection ||= isSection;
    const last = groups.at(-1);
    if (!isSection && seenSection && last) last.items.push(child);
    else groups.push({ items: [child], across: !seenSection });
  }
  return groups;
}

/** The parts to place: the body's children, with a wrapper that draws no box of its own (`display: contents`) opened up. */
function partsOf(body: HTMLElement): HTMLElement[] {
  return [...body.children].flatMap((child) => {
    if (!(child instanceof HTMLElement)) return [];
    return getComputedStyle(child).display === 'contents' ? partsOf(child) : [child];
  });
}

/**
 * The column a stylesheet gives a part (`--present-column: 2`, counted from 1), if it gives one. A
 * page arranged by hand (the Ecosystem page) names its columns' widths on the body
 * (`--present-columns: 1 2.3`) and each part's column.
 */
function declaredColumn(part: HTMLElement, columns: number): number | null {
  const value = Number.parseInt(getComputedStyle(part).getPropertyValue('--present-column'), 10);
  return Number.isInteger(value) && value >= 1 && value <= columns ? value - 1 : null;
}

/** The column widths a stylesheet declares for a body (`--present-columns: 1 2.3`), or null. */
export function declaredColumns(body: HTMLElement): number[] | null {
  const weights = getComputedStyle(body).getPropertyValue('--present-columns').trim().split(/\s+/).map(Number);
  return weights.length > 0 && weights.every((weight) => weight > 0) ? weights : null;
}

/**
 * Lays the parts of `body` out in columns as wide as `weights` say (`[1, 1]`: two equal ones): each
 * group (groupsOf) goes to its declared column or else the shortest so far; one that runs across
 * goes below everything before it. Gaps are the body's own `column-gap` and `row-gap`. The body's
 * height becomes that of its tallest column.
 */
export function flowIntoColumns(body: HTMLElement, weights: readonly number[]): void {
  const style = getComputedStyle(body);
  const columnGap = parseFloat(style.columnGap) || 0;
  const rowGap = parseFloat(style.rowGap) || 0;
  const width = body.clientWidth;
  const share = (width - columnGap * (weights.length - 1)) / weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => weight * share);
  const lefts = widths.map((_, index) => widths.slice(0, index).reduce((sum, w) => sum + w + columnGap, 0));
  const parts = partsOf(body);
  const groups = groupsOf(parts).map((group) => ({ ...group, column: declaredColumn(group.items[0]!, weights.length) }));
  body.style.position = 'relative';
  // Widths first, all at once, so the heights below cost one layout rather than one each. A group
  // without a declared column is measured in the first column's width (automatic columns are equal).
  for (const group of groups) {
    for (const item of group.items) {
      item.style.position = 'absolute';
      item.style.margin = '0';
      // A button keeps its own width, within its column's.
      const inline = getComputedStyle(item).display.startsWith('inline');
      item.style[inline ? 'maxWidth' : 'width'] = `${group.across ? width : widths[group.column ?? 0]}px`;
    }
  }
  const heights = new Map(parts.map((part) => [part, part.offsetHeight]));
  const bottoms: number[] = weights.map(() => 0);
  for (const group of groups) {
    const items = group.items.filter((item) => heights.get(item)! > 0);
    if (items.length === 0) continue;
    const column = group.across ? 0 : (group.column ?? bottoms.indexOf(Math.min(...bottoms)));
    let top = group.across ? Math.max(...bottoms) : bottoms[column]!;
    for (const item of items) {
      place(item, group.across ? 0 : lefts[column]!, top);
      top += heights.get(item)! + rowGap;
    }
    if (group.across) bottoms.fill(top);
    else bottoms[column] = top;
  }
  body.style.height = `${Math.max(0, Math.max(...bottoms) - rowGap)}px`;
}

function place(section: HTMLElement, left: number, top: number): void {
  section.style.left = `${left}px`;
  section.style.top = `${top}px`;
}

/** Puts a body back in the normal flow: the reading view, or another arrangement. */
export function unflow(body: HTMLElement): void {
  body.style.removeProperty('position');
  body.style.removeProperty('height');
  for (const element of body.querySelectorAll<HTMLElement>('*')) {
    if (element.style.position === 'absolute') for (const property of PLACED) element.style.removeProperty(property);
  }
}
