import {
  IDS_PER_GROUP_MAX,
  type ConversationsRepository,
  type ExactGroupRow,
  type GroupScope,
} from './conversations.repository.ts';

/**
 * "The same question in other words": students' questions grouped by what they ask about.
 *
 * Two questions are the same when they ask the same kind of thing (the same who / what / when /
 * where / why / how / which words) about mostly the same words. PostgreSQL's English text search
 * gives the words (stemmed, stop words dropped; kept with each row as `question_key`, see migration
 * 006), and exact matches are grouped there; groups whose
 * words overlap by at least half (Jaccard) are then merged here. "When is the midterm?" and
 * "when's the midterm exam" stay apart from "Where is the midterm?" and "Is the midterm curved?".
 */
export const SAME_WORDS_SHARE = 0.5;
const VARIANTS_MAX = 5;

export type QuestionGroup = {
  /** the most recent wording */
  question: string;
  count: number;
  last_asked_at: Date;
  /** other wordings, most recent first */
  variants: string[];
  /** most recent first, at most IDS_PER_GROUP_MAX */
  conversation_ids: string[];
};

type ExactGroup = {
  words: string[];
  asks: string[];
  n: number;
  last_asked_at: Date;
  wordings: string[];
  ids: string[];
};

export async function groupQuestions(
  repo: Pick<ConversationsRepository, 'exactQuestionGroups'>,
  scope: GroupScope,
): Promise<QuestionGroup[]> {
  return mergeExactGroups(await repo.exactQuestionGroups(scope), scope.limit);
}

/** Exact groups (largest first, as `exactQuestionGroups` gives them) merged, the `limit` largest. */
export function mergeExactGroups(rows: ExactGroupRow[], limit: number): QuestionGroup[] {
  return mergeSimilar(rows.map(exactGroup)).slice(0, limit);
}

/** The words of a question_key ("asks|words", migration 006): stemmed, stop words left out. */
export const keyWords = (key: string): Set<string> =>
  new Set(
    key
      .slice(key.indexOf('|') + 1)
      .split(' ')
      .filter(Boolean),
  );

/**
 * Whether two question_keys ask the same question in other words, by the rule the groups are
 * merged by: the same asks, and words overlapping by at least SAME_WORDS_SHARE.
 */
export function sameQuestion(a: string, b: string): boolean {
  const asksOf = (key: string) => key.slice(0, key.indexOf('|'));
  return asksOf(a) === asksOf(b) && jaccard(keyWords(a), keyWords(b)) >= SAME_WORDS_SHARE;
}

/** question_key is "asks|words" (migration 006, question_group_key); asks never hold a "|". */
function exactGroup({ key, ...group }: ExactGroupRow): ExactGroup {
  return {
    ...group,
    asks: key.slice(0, key.indexOf('|')).split(' ').filter(Boolean),
    words: [...keyWords(key)],
  };
}

/** Largest first: each exact group joins the first cluster that asks the same about the same. */
function mergeSimilar(groups: ExactGroup[]): QuestionGroup[] {
  const clusters: { words: Set<string>; asks: string; members: ExactGroup[] }[] = [];
  for (const g of groups) {
    const asks = g.asks.join(' ');
    const words = new Set(g.words);
    const home = clusters.find(
      (c) => c.asks === asks && jaccard(c.words, words) >= SAME_WORDS_SHARE,
    );
    if (home) home.members.push(g);
    else clusters.push({ words, asks, members: [g] });
  }
  return clusters
    .map(({ members }) => toGroup(members))
    .sort((a, b) => b.count - a.count || b.last_asked_at.getTime() - a.last_asked_at.getTime());
}

function toGroup(members: ExactGroup[]): QuestionGroup {
  const byRecency = [...members].sort(
    (a, b) => new Date(b.last_asked_at).getTime() - new Date(a.last_asked_at).getTime(),
  );
  const seen = new Set<string>();
  const wordings: string[] = [];
  for (const m of byRecency) {
    for (const w of m.wordings) {
      const key = w
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      if (seen.has(key)) continue;
      seen.add(key);
      wordings.push(w.trim());
    }
  }
  const ids = byRecency.flatMap((m) => m.ids).slice(0, IDS_PER_GROUP_MAX);
  return {
    question: wordings[0] ?? '',
    count: members.reduce((sum, m) => sum + m.n, 0),
    last_asked_at: new Date(byRecency[0]!.last_asked_at),
    variants: wordings.slice(1, 1 + VARIANTS_MAX),
    conversation_ids: ids,
  };
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}
