import { FigureText } from './FigureText.tsx';
import { useSlide } from './SlideContext.tsx';

/** The slide's process steps in order, each with its time. */
export function Steps() {
  const steps = useSlide().records.steps ?? [];
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li className="step" key={step.number}>
          <span className="step__number" aria-hidden="true">
            {step.number}
          </span>
          <div>
            <h3 className="step__title">
              <span className="visually-hidden">Step {step.number}: </span>
              <FigureText text={step.title} />
            </h3>
            <p className="step__time">
              <FigureText text={step.time} />
            </p>
            <p className="step__text">
              <FigureText text={step.description} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
