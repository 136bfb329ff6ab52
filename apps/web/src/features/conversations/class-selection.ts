import { RECENT_QUESTIONS_SHARE, type ClassItem } from '@app/contracts';
import type { ClassGroup } from '@/lib/class-groups';
import { openingClass } from '@/lib/opening-class';

/** SPEC §9: the "recent questions" estimate of a semester is 20 % of its total, rounded down. */
export function recentEstimate(totalQuestions: number): number {
  return Math.floor(totalQuestions * RECENT_QUESTIONS_SHARE);
}

export function questionTotal(group: ClassGroup): number {
  return group.classes.reduce((sum, item) => sum + item.question_count, 0);
}

/**
 * The class to show: the one named in the URL when it is the teacher's; otherwise the first with
 * a student waiting for a reply (`waiting`), then the class the teacher's pages open on
 * (`openingClass`: this term's class with questions, else the latest with questions, else the
 * first listed).
 */
export function pickClass(
  groups: ClassGroup[],
  requestedId: string | null,
  waiting?: ReadonlyMap<string, number>,
  now: Date = new Date(),
): ClassItem | null {
  const all = groups.flatMap((g) => g.classes);
  const requested = requestedId ? all.find((c) => c.id === requestedId) : undefined;
  if (requested) return requested;
  const awaitingReply = waiting ? all.find((c) => (waiting.get(c.id) ?? 0) > 0) : undefined;
  return awaitingReply ?? openingClass(all, now);
}

/** The three views of /chats, chosen by `?view=`. */
const CHAT_VIEWS = ['conversations', 'requests', 'unanswered'] as const;
export type ChatView = (typeof CHAT_VIEWS)[number];

export function parseView(value: string | null): ChatView {
  return (CHAT_VIEWS as readonly string[]).includes(value ?? '')
    ? (value as ChatView)
    : 'conversations';
}
