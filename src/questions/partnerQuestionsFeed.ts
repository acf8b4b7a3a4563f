import { QUESTION_ENTITY, questionPushOf, type QuestionRecord, withQuestion } from '../../schemas/questionPaths.ts';
import { personRoom } from '../../schemas/viewerPartner.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import type { Base44Client } from '../sdk/index.ts';

/**
 * Reads the viewer's own questions through the session's client (the platform lists a viewer only
 * their own) and keeps them current: each question of theirs the platform asks or answers arrives on
 * their own room of the access socket, which no one else can join. On every (re)connection the list
 * is read again, so an answer given while the socket was down is not missed. Returns the undo.
 */
export function followPartnerQuestions(
  client: Base44Client,
  userId: string,
  onQuestions: (questions: QuestionRecord[]) => void,
  share: typeof shareAccessSocket,
): () => void {
  let stopped = false;
  let list: QuestionRecord[] = [];
  let reads = 0;
  const set = (next: QuestionRecord[]) => {
    list = next;
    if (!stopped) onQuestions(list);
  };
  const read = () => {
    const mine = ++reads;
    client.entities[QUESTION_ENTITY]!.list('-created_date', 500).then(
      (records) => {
        // Pushes that came while the read was out are in `list` already; the newer copy of each wins.
        // An answer that is not a list (a proxy's error page read as JSON) changes nothing.
        if (mine !== reads || !Array.isArray(records)) return;
        let next = list;
        for (const record of records as QuestionRecord[]) {
          const held = next.find((one) => one.id === record.id);
          if (!held || (held.updated_date ?? '') <= (record.updated_date ?? '')) next = withQuestion(next, record);
        }
        set(next);
      },
      () => undefined,
    );
  };
  read();
  const room = personRoom(userId);
  const detach = share((socket) => {
    const onUpdate = (message: { room?: unknown; data?: string }) => {
      if (message?.room !== room || typeof message.data !== 'string') return;
      const question = questionPushOf(JSON.parse(message.data));
      if (question) set(withQuestion(list, question));
    };
    socket.on('update_model', onUpdate);
    socket.on('connect', read);
    return () => {
      socket.off('update_model', onUpdate);
      socket.off('connect', read);
    };
  });
  return () => {
    stopped = true;
    detach();
  };
}
