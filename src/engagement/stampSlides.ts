/**
 * How many stamps a band holds, so a cropped screenshot still carries a whole one. The band shows as
 * many whole ones as its width takes (watermark.css): the rest wrap onto a line it does not show.
 */
const REPEAT = 4;

/**
 * Puts a mark with `text` on every slide (article.slide) inside `root`, now and as slides arrive: a
 * band along the slide's top and bottom edges, hidden from screen readers. The deck's React tree
 * owns the slides, so the mark is added beside its nodes and found again by its class. Returns the
 * function that removes every mark and stops watching.
 */
export function stampSlides(root: HTMLElement, text: string): () => void {
  const doc = root.ownerDocument;
  const mark = () => {
    const element = doc.createElement('div');
    element.className = 'watermark';
    element.setAttribute('aria-hidden', 'true');
    for (const edge of ['top', 'bottom']) {
      const band = doc.createElement('p');
      band.className = `watermark__band watermark__band--${edge}`;
      for (let index = 0; index < REPEAT; index += 1) {
        const stamp = doc.createElement('span');
        stamp.className = 'watermark__stamp';
        stamp.textContent = text;
        band.append(stamp);
      }
      element.append(band);
    }
    return element;
  };
  const stampAll = () => {
    for (const slide of root.querySelectorAll<HTMLElement>('article.slide')) {
      const current = [...slide.children].find((child) => child.classList.contains('watermark'));
      if (current?.textContent?.includes(text)) continue;
      current?.remove();
      slide.append(mark());
    }
  };
  stampAll();
  const observer = new MutationObserver(stampAll);
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    root.querySelectorAll('article.slide > .watermark').forEach((element) => element.remove());
  };
}
