import {
  CHECK_MESSAGES,
  CHECK_OWN_QUESTIONS_MAX,
  isCheckedStatus,
  quotedText,
  type AssistantCheck,
  type AssistantCheckItem,
  type AssistantCheckUpdate,
  type TestReply,
} from '@app/contracts';
import type { Trx } from '../../db/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { confidenceOfReply } from '../answering/answerer.ts';
import type { ChatAnswer } from '../chat/chat.service.ts';
import type {
  CheckRecord,
  CheckValues,
  AssistantCheckRepository,
} from './assistant-check.repository.ts';
import { isStandardKey, STANDARD_QUESTIONS } from './standard-questions.ts';
import type { StandardWordings } from './standard-wordings.ts';

/** Replies computed at once for the list: an LLM answers several at a time, not twenty. */
const REPLIES_AT_ONCE = 4;

type Deps = {
  repo: AssistantCheckRepository;
  standard: StandardWordings;
  classes: { requireOwned(teacherId: string, classId: string): Promise<unknown> };
  /** the reply a student gets now (ChatService.answer); `material`: from the material alone */
  answer(classId: string, question: string, options?: { material?: boolean }): Promise<ChatAnswer>;
};

/** A question on the list: a standard one (its key) or the teacher's own (its row). */
type Listed = { id: string; question: string; standard: boolean; record: CheckRecord | undefined };

const replyOf = (a: ChatAnswer): TestReply => ({
  response: a.response,
  kind: a.kind,
  source_type: a.sourceType,
  citations: a.citations,
  confidence: confidenceOfReply(a),
  checked_by_teacher: a.check?.used ?? false,
});

/** The longest passage a reply quotes: what a confirmed answer stands on. */
const passageOf = (a: ChatAnswer): string | null =>
  a.citations.map((c) => c.excerpt).sort((x, y) => y.length - x.length)[0] ?? null;

async function inTurns<T, R>(
  items: T[],
  atOnce: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return out;
}

/**
 * Check your assistant (issue 29): the questions students ask most, each with the reply a student
 * gets now; the teacher confirms a reply, writes the answer, or marks the question not covered,
 * and adds questions of their own. Students asking the same in other words get the checked
 * answer (ChatService.answer, assistant-check/matching.ts).
 */
export class AssistantCheckService {
  constructor(private readonly deps: Deps) {}

  /** Copy Class (issue 31): the checked answers of `from` copied into `to` in `trx`. */
  carryOver(trx: Trx, from: string, to: string): Promise<number> {
    return this.deps.repo.copyChecks(trx, from, to);
  }

  async list(teacherId: string, classId: string): Promise<AssistantCheck> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const records = await this.deps.repo.list(classId);
    const byKey = new Map(records.map((r) => [r.standard_key ?? '', r]));
    const listed: Listed[] = [
      ...STANDARD_QUESTIONS.map((q) => ({
        id: q.key,
        question: q.question,
        standard: true,
        record: byKey.get(q.key),
      })),
      ...records
        .filter((r) => r.standard_key === null)
        .map((r) => ({ id: r.id, question: r.question, standard: false, record: r })),
    ];
    const items = await inTurns(listed, REPLIES_AT_ONCE, (l) => this.itemOf(classId, l));
    return {
      items,
      checked: items.filter((i) => i.standard && isCheckedStatus(i.status)).length,
      total: STANDARD_QUESTIONS.length,
    };
  }

  async update(
    teacherId: string,
    classId: string,
    itemId: string,
    input: AssistantCheckUpdate,
  ): Promise<AssistantCheckItem> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const listed = await this.listed(classId, itemId);
    const values = await this.valuesOf(classId, listed.question, input);
    const record = listed.standard
      ? await this.deps.repo.setStandard(classId, listed.id, listed.question, values)
      : await this.deps.repo.setOwn(classId, listed.id, values);
    if (!record) throw notFound('Question');
    return this.itemOf(classId, { ...listed, record });
  }

  async add(teacherId: string, classId: string, question: string): Promise<AssistantCheckItem> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const text = question.replace(/\s+/g, ' ').trim();
    const [key] = await this.deps.repo.groupKeys([text]);
    const standard = await this.deps.standard.wordings();
    if (standard.some((s) => s.questionKey === key)) throw conflict(CHECK_MESSAGES.alreadyListed);
    const added = await this.deps.repo.addOwn(classId, text, CHECK_OWN_QUESTIONS_MAX);
    if (added === 'listed') throw conflict(CHECK_MESSAGES.alreadyListed);
    if (added === 'full') throw new AppError('VALIDATION_ERROR', CHECK_MESSAGES.tooManyOwn);
    return this.itemOf(classId, { id: added.id, question: text, standard: false, record: added });
  }

  /** The question `itemId` names on this class's list (a standard key, or an added question). */
  private async listed(classId: string, itemId: string): Promise<Listed> {
    if (isStandardKey(itemId)) {
      const q = STANDARD_QUESTIONS.find((s) => s.key === itemId)!;
      return { id: q.key, question: q.question, standard: true, record: undefined };
    }
    const record = UUID.test(itemId) ? await this.deps.repo.findOwn(classId, itemId) : undefined;
    if (!record) throw notFound('Question');
    return { id: record.id, question: record.question, standard: false, record };
  }

  private async valuesOf(
    classId: string,
    question: string,
    input: AssistantCheckUpdate,
  ): Promise<CheckValues> {
    switch (input.status) {
      case 'confirmed': {
        // what the material says now, not an answer checked before
        const reply = await this.deps.answer(classId, question, { material: true });
        if (reply.kind === 'none')
          throw new AppError('VALIDATION_ERROR', CHECK_MESSAGES.nothingToConfirm);
        return {
          status: 'confirmed',
          // an answer now, in the passage's own words: a quotation's lead and marks go
          answer:
            reply.kind === 'excerpt'
              ? quotedText(reply.response) || reply.response
              : reply.response,
          citations: reply.citations,
          passage: passageOf(reply),
        };
      }
      case 'edited':
        return { status: 'edited', answer: input.answer!, citations: [], passage: null };
      case 'not_covered':
      case 'unchecked':
        return { status: input.status, answer: null, citations: [], passage: null };
    }
  }

  private async itemOf(classId: string, l: Listed): Promise<AssistantCheckItem> {
    const reply = await this.deps.answer(classId, l.question);
    return {
      id: l.id,
      question: l.question,
      standard: l.standard,
      reply: replyOf(reply),
      status: l.record?.status ?? 'unchecked',
      answer: l.record?.answer ?? null,
      checked_at: l.record?.checked_at?.toISOString() ?? null,
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
