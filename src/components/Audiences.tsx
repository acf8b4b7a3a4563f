import { FigureText } from './FigureText.tsx';
import { inGroup, useSlide } from './SlideContext.tsx';

/** Who a brand speaks to, one group (primary, secondary) at a time. */
export function Audiences({ group }: { group?: string }) {
  const audiences = inGroup(useSlide().records.audiences, group);
  return (
    <ul className="audience-list" role="list">
      {audiences.map((entry) => (
        <li key={entry.audience}>
          <strong>
            <FigureText text={entry.audience} />
          </strong>
          <span>
            <FigureText text={entry.description} />
          </span>
        </li>
      ))}
    </ul>
  );
}
