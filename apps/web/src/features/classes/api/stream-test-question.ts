import type { TestReply } from '@app/contracts';
import { streamAnswerWithFallback } from '@/lib/answer-stream';
import { testQuestion } from './test-question';

/**
 * POST /chat/test/{class_id}/stream, wizard step 3: the test answer as it is written. `onDelta`
 * gets each part of the draft; the reply is the one `testQuestion` gives. When the stream brings
 * nothing at all (no connection), or the access token has expired (the app's client refreshes
 * it), `testQuestion` is tried once.
 */
export function streamTestQuestion(
  classId: string,
  question: string,
  handlers: { onDelta(text: string): void; signal?: AbortSignal },
): Promise<TestReply> {
  return streamAnswerWithFallback<TestReply>(`/chat/test/${classId}/stream`, {
    body: { question },
    auth: true,
    ...handlers,
    fallback: () => testQuestion(classId, question),
  });
}
