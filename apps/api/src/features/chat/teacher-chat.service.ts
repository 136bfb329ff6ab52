import type { SampleQuestions, TestReply } from '@app/contracts';
import { notFound } from '../../errors.ts';
import { tooManyRequests, type Limit, type RateLimiter } from '../ratelimit/rate-limiter.ts';
import type { ChatRepository } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';
import { confidenceOfReply, type OnAnswerText } from '../answering/answerer.ts';
import { suggestedQuestions, uniqueQuestions } from './sample-questions.ts';

const TEST_QUESTIONS_PER_TEACHER: Limit = { max: 60, windowSeconds: 60 };
const TESTING_TOO_FAST =
  'You are testing questions a little too quickly. Please wait a moment and try again.';

/** The teacher's side of a class's chat: suggested questions and trying the assistant out. */
type TeacherChatServiceDeps = {
  repo: ChatRepository;
  limiter: RateLimiter;
  chat: Pick<ChatService, 'answer'>;
};

export class TeacherChatService {
  constructor(private readonly deps: TeacherChatServiceDeps) {}

  private async ownedClass(teacherId: string, classId: string) {
    const row = await this.deps.repo.ownedClass(teacherId, classId);
    if (!row) throw notFound('Class');
    return row;
  }

  async sampleQuestions(teacherId: string, classId: string): Promise<SampleQuestions> {
    return suggestedQuestions(this.deps.repo, await this.ownedClass(teacherId, classId));
  }

  /** Saves the teacher's questions; an empty list goes back to the defaults from the material. */
  async saveSampleQuestions(
    teacherId: string,
    classId: string,
    questions: string[],
  ): Promise<SampleQuestions> {
    const row = await this.deps.repo.setSampleQuestions(
      teacherId,
      classId,
      uniqueQuestions(questions),
    );
    if (!row) throw notFound('Class');
    return suggestedQuestions(this.deps.repo, row);
  }

  /** Answers like a student's question would be, active class or not; stores nothing. */
  async testQuestion(
    teacherId: string,
    classId: string,
    question: string,
    onText?: OnAnswerText,
  ): Promise<TestReply> {
    await this.ownedClass(teacherId, classId);
    const wait = await this.deps.limiter.hit(
      `chat-test:teacher:${teacherId}`,
      TEST_QUESTIONS_PER_TEACHER,
    );
    if (wait) throw tooManyRequests(wait, TESTING_TOO_FAST);
    const answer = await this.deps.chat.answer(classId, question, onText);
    return {
      response: answer.response,
      kind: answer.kind,
      source_type: answer.sourceType,
      citations: answer.citations,
      confidence: confidenceOfReply(answer),
      checked_by_teacher: answer.check?.used ?? false,
    };
  }
}
