import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { QuestionRecord } from '../../schemas/questionPaths.ts';
import { withQuestion } from '../../schemas/questionPaths.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import { useDeckRegistry } from '../deck/useDeckRegistry.ts';
import { allSlides, slideAtPath } from '../registry/slideRegistry.ts';
import type { Base44Client } from '../sdk/index.ts';
import { AskQuestionDialog } from './AskQuestionDialog.tsx';
import { followPartnerQuestions } from './partnerQuestionsFeed.ts';
import { PageQuestions } from './PageQuestions.tsx';
import { QuestionListDialog } from './QuestionListDialog.tsx';
import './questions.css';

export interface QuestionsLayerProps {
  client: Base44Client;
  userId: string;
  /** How many times the viewer has asked (Ask, or Q): each new one opens the form for the page on screen. */
  asks: number;
  /** Present mode: nothing of this shows, and asking waits until it ends. */
  presenting: boolean;
  share: typeof shareAccessSocket;
}

/**
 * A signed-in viewer's questions, loaded once they are active or ask: their own questions and the
 * owners' answers beside the page they were asked on and in one list, kept current live; the form to
 * ask about the page on screen. Present mode keeps all of it out of the way.
 */
export default function QuestionsLayer({ client, userId, asks, presenting, share }: QuestionsLayerProps) {
  const [location, navigate] = useLocation();
  const registry = useDeckRegistry();
  const slide = registry ? slideAtPath(location) : undefined;
  const [questions, setQuestions] = useState<QuestionRecord[]>([]);
  const [dialog, setDialog] = useState<{ kind: 'ask' | 'list'; opening: number } | null>(null);
  useEffect(() => followPartnerQuestions(client, userId, setQuestions, share), [client, userId, share]);

  // Each ask opens the form once: the count the layer was loaded with included.
  const answeredAsks = useRef(0);
  useEffect(() => {
    if (asks <= answeredAsks.current || presenting || !slide) return;
    answeredAsks.current = asks;
    setDialog({ kind: 'ask', opening: performance.now() });
  }, [asks, presenting, slide]);

  const open = (kind: 'ask' | 'list') => setDialog({ kind, opening: performance.now() });
  const close = () => setDialog(null);
  if (presenting) return null;
  return (
    <>
      {slide && (
        <PageQuestions
          key={slide.path}
          questions={questions.filter((question) => question.path === slide.path)}
          total={questions.length}
          onAsk={() => open('ask')}
          onAll={() => open('list')}
        />
      )}
      {dialog?.kind === 'ask' && slide && (
        <AskQuestionDialog
          key={dialog.opening}
          client={client}
          page={{ path: slide.path, label: slide.label }}
          asked={questions.length}
          onAll={() => open('list')}
          onAsked={(question) => setQuestions((list) => withQuestion(list, question))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'list' && (
        <QuestionListDialog
          key={dialog.opening}
          questions={questions}
          slides={allSlides}
          onGo={(path) => {
            close();
            navigate(path);
          }}
          onClose={close}
        />
      )}
    </>
  );
}
