import type { QuestionRecord } from '../../schemas/questionPaths.ts';
import type { SlideMeta } from '../registry/slideRegistry.ts';
import { ModalDialog } from '../components/forms/ModalDialog.tsx';
import { QuestionItem } from './QuestionItem.tsx';

/** Every question of the viewer's in one list, by page in deck order, each page a link to it. */
export function QuestionListDialog({
  questions,
  slides,
  onGo,
  onClose,
}: {
  questions: readonly QuestionRecord[];
  slides: readonly SlideMeta[];
  onGo: (path: string) => void;
  onClose: () => void;
}) {
  const pages = slides.filter((slide) => questions.some((question) => question.path === slide.path));
  // A page no longer in the deck still lists its questions, under its address.
  const gone = [...new Set(questions.map((question) => question.path))].filter((path) => !slides.some((slide) => slide.path === path));
  const groups = [...pages.map((slide) => ({ path: slide.path, label: slide.label })), ...gone.map((path) => ({ path, label: path }))];
  const waiting = questions.filter((question) => question.status !== 'answered').length;
  return (
    <ModalDialog title="Your questions" className="questions-dialog" onClose={onClose}>
      <div className="modal__body">
        <p className="modal__intro">
          {questions.length === 0
            ? 'You have not asked anything yet. Choose Ask at the bottom of any page, or press Q.'
            : `${questions.length} asked, ${waiting === 0 ? 'all answered' : `${waiting} waiting for an answer`}. Only you and the deck’s owners see them.`}
        </p>
        {groups.map((group) => (
          <section key={group.path} className="questions-dialog__page" aria-labelledby={`questions-on${group.path.replaceAll('/', '-')}`}>
            <h3 id={`questions-on${group.path.replaceAll('/', '-')}`} className="questions-dialog__page-title">
              <a
                href={group.path}
                onClick={(event) => {
                  event.preventDefault();
                  onGo(group.path);
                }}
              >
                {group.label}
              </a>
            </h3>
            <ol className="page-questions__list">
              {questions
                .filter((question) => question.path === group.path)
                .map((question) => (
                  <li key={question.id}>
                    <QuestionItem question={question} headingLevel={4} />
                  </li>
                ))}
            </ol>
          </section>
        ))}
      </div>
    </ModalDialog>
  );
}
