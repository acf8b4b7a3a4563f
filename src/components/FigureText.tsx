import { FIGURE_TOKEN } from '../content/figureToken.ts';
import { Figure } from './Figure.tsx';

/** A frontmatter string with its `{market.homeEquity}` figures shown as figures (with their source notes). */
export function FigureText({ text }: { text: string }) {
  if (!text.includes('{')) return <>{text}</>;
  // split() with the id's capture group alternates words and ids: words, id, words, id, words.
  const parts = text.split(new RegExp(FIGURE_TOKEN.source));
  // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered
  return <>{parts.map((part, index) => (index % 2 === 1 ? <Figure key={index} id={part} /> : part))}</>;
}
