import { Figure } from './Figure.tsx';
import { FigureText } from './FigureText.tsx';
import { useSlide } from './SlideContext.tsx';

/** Success-story samples, always labelled illustrative: they are not real clients. */
export function Stories() {
  const stories = useSlide().records.stories ?? [];
  return (
    <ul className="card-grid card-grid--3" role="list">
      {stories.map((story) => (
        <li className="card story" key={story.name}>
          <span className="badge badge--muted">Illustrative sample</span>
          <h3 className="card__title">
            {story.name}, {story.age}, {story.state}
          </h3>
          {/* A number typed as the amount never gets past the check: it names a ledger figure. */}
          <p className="card__value">
            <Figure id={String(story.amount)} standalone />
          </p>
          <p className="card__sublabel">
            <FigureText text={story.highlight} />
          </p>
          <p className="card__text">
            <FigureText text={story.story} />
          </p>
        </li>
      ))}
    </ul>
  );
}
