/** The opacity product above which an element counts as seen. */
export const VISIBLE_OPACITY = 0.01;

/**
 * Source of a function run in the page (a string, so no bundler or transpiler helpers leak into
 * it): whether an element is seen, its box in the viewport and the product of its own and its
 * ancestors' computed opacity above VISIBLE_OPACITY, not merely in the DOM.
 */
export const VISIBLE_IN_PAGE = `(element) => {
  const box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0 || box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
  let opacity = 1;
  for (let node = element; node && node.nodeType === 1; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
  return opacity > ${VISIBLE_OPACITY};
}`;
