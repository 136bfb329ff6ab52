import {
  CHECKED_STATUSES,
  markedParts,
  type AssistantCheckItem,
  type CheckStatus,
  type TestReply,
} from '@app/contracts';
import { quotations } from '@/components/chat/reply-text';

export const CHECK_TEXT = {
  title: 'Check your assistant',
  intro:
    'Students ask these about every course. Confirm the replies that are right, write the answer where one is wrong, and mark what this course does not cover. Students get your checked answers from then on.',
  progress: (checked: number, total: number) => `${checked} of ${total} checked`,
  needReview: (count: number) => `${count} ${count === 1 ? 'needs' : 'need'} a new look`,
  loading: 'Asking the assistant each question…',
  loadingHint: 'This can take a few seconds.',
  loadFailedTitle: 'Could not load the questions',
  loadFailed: 'Something went wrong while asking the assistant.',
  emptyTitle: 'No questions to check',
  emptyDescription: 'Add the questions your students ask below.',
  replyNow: 'A student asking this gets:',
  studentsGet: 'Students get your answer:',
  studentsToldNotCovered:
    'Students are told this course does not cover it, and offered Contact Teacher:',
  reviewExplained:
    'Your material changed since you checked this answer. Compare your answer with the new reply, then confirm, edit or mark it again.',
  previousAnswer: 'Your checked answer',
  newReply: 'The reply now',
  cannotConfirm:
    'Nothing to confirm: the assistant found no answer. Edit it or mark it not covered.',
  updateFailed: 'Could not save. Please try again.',
  addLabel: 'Add your own question',
  addHint: 'A question your students ask that is not on the list.',
  addFailed: 'Could not add the question.',
  announce: {
    confirmed: (question: string) => `Confirmed: ${question} Students get this answer.`,
    edited: (question: string) => `Saved your answer to: ${question}`,
    not_covered: (question: string) => `Marked not covered: ${question}`,
    unchecked: (question: string) => `Undone: ${question} is not checked.`,
    added: (question: string) => `Added: ${question}`,
  },
} as const;

/** The badge of each status, as the teacher reads it. */
export const STATUS_LABEL: Record<CheckStatus, string> = {
  unchecked: 'Not checked',
  confirmed: 'Confirmed',
  edited: 'Your answer',
  not_covered: 'Not covered',
  needs_review: 'Needs a new look',
};

export const isChecked = (status: CheckStatus) =>
  (CHECKED_STATUSES as readonly string[]).includes(status);

/** Questions of the standard list still to be looked at again after the material changed. */
export const needsReviewCount = (items: AssistantCheckItem[]) =>
  items.filter((item) => item.standard && item.status === 'needs_review').length;

/**
 * A reply as plain text for the teacher to start their answer from: an answer as it is; an
 * excerpt as the sentences the assistant found best (else its quotations), without the quotation
 * marks; nothing for a reply the material does not cover.
 */
export function replyAsText(reply: Pick<TestReply, 'kind' | 'response'>): string {
  if (reply.kind === 'none') return '';
  if (reply.kind === 'answer') return reply.response.trim();
  const blocks = quotations(reply.response);
  const best = blocks.flatMap(({ quote }) =>
    markedParts(quote)
      .filter((part) => part.marked)
      .map((part) => part.text.trim()),
  );
  const text = best.length
    ? best.join(' ')
    : blocks
        .map(({ quote }) =>
          markedParts(quote)
            .map((part) => part.text)
            .join(''),
        )
        .join('\n\n');
  return text.trim();
}

/**
 * What the editor starts from: the teacher's own words when there are some; otherwise the reply
 * students get now, or, when it has nothing, the answer that needs a new look.
 */
export function editorStart(item: AssistantCheckItem): string {
  if (item.status === 'edited' && item.answer) return item.answer;
  return replyAsText(item.reply) || item.answer || '';
}

/** The titles of the items a reply came from, each once: "Course Syllabus, Exam Guide". */
export function sourceTitles(reply: Pick<TestReply, 'citations'>): string[] {
  return [...new Set(reply.citations.map((c) => c.title.trim() || 'Course material'))];
}
