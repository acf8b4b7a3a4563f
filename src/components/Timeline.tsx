import { FigureText } from './FigureText.tsx';
import { useSlide } from './SlideContext.tsx';

/** Years and what happened in them, oldest first. */
export function Timeline() {
  const entries = [...(useSlide().records.timeline ?? [])].sort((a, b) => a.year - b.year);
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <li className="timeline__entry" key={`${entry.year}${entry.title}`}>
          <span className="timeline__year">{entry.year}</span>
          <div>
            <h3 className="timeline__title">
              <FigureText text={entry.title} />
            </h3>
            <p>
              <FigureText text={entry.description} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
