import {
  CONVERSATION_CSV_COLUMNS,
  CONVERSATION_SEARCH_COUNT_MAX,
  RESPONSE_PREVIEW_LENGTH,
  TITLE_MAX_LENGTH,
  type Citation,
  type ConversationFilter,
  type CorrectionReply,
  type ConversationDetail,
  type ConversationSummary,
  type TeacherAnswerReply,
  type UnansweredDismissReply,
  type UnansweredList,
} from '@app/contracts';
import { notFound } from '../../errors.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import { CSV_BOM, csvRow } from './csv.ts';
import {
  groupQuestions,
  mergeExactGroups,
  sameQuestion,
  type QuestionGroup,
} from './question-groups.ts';

export type { QuestionGroup } from './question-groups.ts';

const EXPORT_BATCH = 2000;
const UNANSWERED_GROUPS_MAX = 100;

/** The answer's first words on one line, cut at a word boundary. */
function responsePreview(text: string, max = RESPONSE_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function citationsOf(value: unknown): Citation[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (c): c is Citation =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as Citation).content_id === 'string' &&
      typeof (c as Citation).title === 'string',
  );
}

/** A conversation row as a list shows it; `response`: the answer (or its first characters). */
function toSummary(
  r: Omit<ConversationSummary, 'response_preview' | 'created_at'> & { created_at: Date },
  response: string,
): ConversationSummary {
  return {
    id: r.id,
    question: r.question,
    response_preview: responsePreview(response),
    kind: r.kind,
    source_type: r.source_type,
    student_identifier: r.student_identifier,
    created_at: r.created_at.toISOString(),
    tokens_used: r.tokens_used,
    response_time_ms: r.response_time_ms,
    feedback: r.feedback,
    corrected: r.corrected,
  };
}

/** "bio-101-conversations-2026-11-22.csv": ASCII only, so every browser keeps the name. */
function exportFileName(label: string, today: Date): string {
  const slug =
    label
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'class';
  return `${slug}-conversations-${today.toISOString().slice(0, 10)}.csv`;
}

/** The teacher's review of their classes' conversations, and closing unanswered questions. */
type ConversationsServiceDeps = {
  repo: ConversationsRepository;
  classes: Pick<ClassesService, 'requireOwned'>;
  content: Pick<ContentService, 'createText'>;
};

export class ConversationsService {
  constructor(private readonly deps: ConversationsServiceDeps) {}

  async list(
    teacherId: string,
    classId: string,
    query: { page: number; per_page: number; search: string; filter: ConversationFilter },
  ) {
    await this.deps.classes.requireOwned(teacherId, classId);
    const offset = (query.page - 1) * query.per_page;
    const { rows, total, capped } = await this.deps.repo.page(teacherId, classId, {
      search: query.search,
      filter: query.filter,
      limit: query.per_page,
      offset,
      // a page past the first thousand still counts far enough to know whether one follows
      countMax: Math.max(CONVERSATION_SEARCH_COUNT_MAX, offset + query.per_page),
    });
    const data = rows.map((r) => toSummary(r, r.response_start));
    return {
      data,
      total,
      total_is_lower_bound: capped,
      page: query.page,
      per_page: query.per_page,
      total_pages: Math.max(1, Math.ceil(total / query.per_page)),
    };
  }

  async detail(teacherId: string, id: string): Promise<ConversationDetail> {
    const r = await this.deps.repo.find(teacherId, id);
    if (!r) throw notFound('Conversation');
    return {
      ...toSummary(r, r.response),
      class_id: r.class_id,
      response: r.response,
      citations: citationsOf(r.citations),
    };
  }

  /**
   * The class's open unanswered conversations asking what `conversation` asks: the group the
   * Unanswered tab shows it in when it is open itself, else those asking it in other words.
   */
  private async openAskingSame(
    classId: string,
    conversation: { id: string; question_key: string },
  ): Promise<string[]> {
    const rows = await this.deps.repo.exactQuestionGroups({
      classId,
      openUnansweredOnly: true,
      limit: UNANSWERED_GROUPS_MAX,
    });
    const listed = mergeExactGroups(rows, rows.length).find((g) =>
      g.conversation_ids.includes(conversation.id),
    );
    if (listed) return listed.conversation_ids;
    return rows.filter((r) => sameQuestion(r.key, conversation.question_key)).flatMap((r) => r.ids);
  }

  /**
   * The teacher's correct answer to a conversation's question: class material (an 'other' item
   * titled by the question, as an answer to an unanswered question is) that the next student
   * asking the same question is given, the conversation marked corrected and the open unanswered
   * ones asking the same closed by it, in one transaction.
   */
  async correct(teacherId: string, id: string, answer: string): Promise<CorrectionReply> {
    const found = await this.deps.repo.find(teacherId, id);
    if (!found) throw notFound('Conversation');
    const askingSame = await this.openAskingSame(found.class_id, found);
    const question = found.question.replace(/\s+/g, ' ').trim();
    const content = await this.deps.content.createText(
      teacherId,
      {
        classId: found.class_id,
        title: question.slice(0, TITLE_MAX_LENGTH),
        content: `# ${question}\n\n${answer}`,
        contentType: 'other',
      },
      async (trx, contentId) => {
        await this.deps.repo.keepTeacherAnswer(trx, {
          contentId,
          classId: found.class_id,
          question: found.question,
          answer,
        });
        await this.deps.repo.markCorrected(trx, id, contentId);
        await this.deps.repo.resolve(trx, found.class_id, askingSame, contentId);
      },
    );
    const {
      citations: _citations,
      class_id: _classId,
      response: _response,
      ...summary
    } = await this.detail(teacherId, id);
    return { content, conversation: summary };
  }

  /** Checks ownership before the first byte, then streams the rows in keyset batches. */
  async exportCsv(teacherId: string, classId: string, today = new Date()) {
    const cls = await this.deps.classes.requireOwned(teacherId, classId);
    const repo = this.deps.repo;
    async function* lines() {
      yield CSV_BOM + csvRow(CONVERSATION_CSV_COLUMNS);
      let afterId: string | null = null;
      for (;;) {
        const batch = await repo.exportBatch(teacherId, classId, afterId, EXPORT_BATCH);
        if (batch.length === 0) return;
        yield batch
          .map((r) =>
            csvRow([
              r.created_at.toISOString(),
              r.student_identifier,
              r.source_type,
              r.question,
              r.response,
              citationsOf(r.citations)
                .map((c) => c.title)
                .join('; '),
              r.tokens_used,
              r.response_time_ms,
            ]),
          )
          .join('');
        afterId = batch[batch.length - 1]!.id;
      }
    }
    return { fileName: exportFileName(cls.course_code || cls.class_name, today), lines: lines() };
  }

  /**
   * The class's questions asked at or after `since`, the same question in other words as one
   * group, the `limit` largest. For the analytics of a class its caller has checked is the
   * teacher's.
   */
  async questionGroupsSince(classId: string, since: Date, limit: number): Promise<QuestionGroup[]> {
    return mergeExactGroups(await this.deps.repo.questionGroupsSince(classId, since), limit);
  }

  /**
   * The class's questions asked at or after `since` still on the unanswered list (as the
   * Unanswered tab groups them), the `limit` largest: read now, never counted ahead. For the
   * analytics of a class its caller has checked is the teacher's.
   */
  openQuestionGroupsSince(classId: string, since: Date, limit: number): Promise<QuestionGroup[]> {
    return groupQuestions(this.deps.repo, { classId, openUnansweredOnly: true, since, limit });
  }

  async unanswered(teacherId: string, classId: string): Promise<UnansweredList> {
    await this.deps.classes.requireOwned(teacherId, classId);
    const [groups, total] = await Promise.all([
      groupQuestions(this.deps.repo, {
        classId,
        openUnansweredOnly: true,
        limit: UNANSWERED_GROUPS_MAX,
      }),
      this.deps.repo.countOpenUnanswered(classId),
    ]);
    return {
      groups: groups.map((g) => ({ ...g, last_asked_at: g.last_asked_at.toISOString() })),
      total,
    };
  }

  /**
   * A question not about the course leaves the unanswered list without an answer: the class's
   * open conversations among `conversationIds` (another class's are left alone). Again is no
   * change.
   */
  async dismiss(
    teacherId: string,
    classId: string,
    conversationIds: string[],
  ): Promise<UnansweredDismissReply> {
    await this.deps.classes.requireOwned(teacherId, classId);
    return { changed: await this.deps.repo.dismiss(classId, conversationIds) };
  }

  /** Undoes `dismiss`: the class's dismissed conversations among `conversationIds` are back. */
  async restore(
    teacherId: string,
    classId: string,
    conversationIds: string[],
  ): Promise<UnansweredDismissReply> {
    await this.deps.classes.requireOwned(teacherId, classId);
    return { changed: await this.deps.repo.restore(classId, conversationIds) };
  }

  /**
   * The teacher e-mailed a reply to a contact request: its conversation and the class's open
   * unanswered ones asking the same, asked by `writtenAt` (before the e-mail went), are answered.
   * For a request the caller has checked is the teacher's.
   */
  async closeByReply(
    teacherId: string,
    conversationId: string,
    requestId: string,
    writtenAt: Date,
  ) {
    const found = await this.deps.repo.find(teacherId, conversationId);
    if (!found) return 0;
    const ids = await this.openAskingSame(found.class_id, found);
    return this.deps.repo.closeByReply(found.class_id, ids, requestId, writtenAt);
  }

  /**
   * The teacher's answer becomes class material (an 'other information' item titled by the
   * question, the question heading the text so retrieval finds it), and the conversations it
   * answers leave the unanswered list in the same transaction.
   */
  async answer(
    teacherId: string,
    classId: string,
    input: { question: string; answer: string; conversation_ids: string[] },
  ): Promise<TeacherAnswerReply> {
    let resolved = 0;
    const question = input.question.replace(/\s+/g, ' ').trim();
    const content = await this.deps.content.createText(
      teacherId,
      {
        classId,
        title: question,
        content: `# ${question}\n\n${input.answer}`,
        contentType: 'other',
      },
      async (trx, contentId) => {
        resolved = await this.deps.repo.resolve(trx, classId, input.conversation_ids, contentId);
        // the next student asking it is given this answer
        await this.deps.repo.keepTeacherAnswer(trx, {
          contentId,
          classId,
          question,
          answer: input.answer,
        });
      },
    );
    return { content, resolved };
  }
}
