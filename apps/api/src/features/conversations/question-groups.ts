import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

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
const SAME_WORDS_SHARE = 0.5;
/** exact groups looked at; beyond this the long tail of one-off questions is left out */
const EXACT_GROUPS_MAX = 500;
/** conversation ids handed back per group */
const IDS_PER_GROUP_MAX = 1000;
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

export type GroupScope = {
  classId: string;
  /** only questions the material did not cover and the teacher has not answered yet */
  openUnansweredOnly?: boolean;
  /** only questions answered from this source ('other': the material did not cover them) */
  sourceType?: 'syllabus' | 'content' | 'other';
  /** asked at or after */
  since?: Date;
  /** groups returned, largest first */
  limit: number;
};

type ExactGroup = {
  words: string[];
  asks: string[];
  n: number;
  last_asked_at: Date;
  wordings: string[];
  ids: string[];
};

export async function groupQuestions(db: Db, scope: GroupScope): Promise<QuestionGroup[]> {
  const rows = await exactGroups(db, scope);
  return mergeSimilar(rows).slice(0, scope.limit);
}

async function exactGroups(db: Db, scope: GroupScope): Promise<ExactGroup[]> {
  const open = scope.openUnansweredOnly
    ? sql`AND source_type = 'other' AND resolved_content_id IS NULL`
    : sql``;
  const source = scope.sourceType ? sql`AND source_type = ${scope.sourceType}` : sql``;
  const since = scope.since ? sql`AND created_at >= ${scope.since}` : sql``;
  const result = await sql<ExactGroup & { key: string }>`
    SELECT
      question_key AS key,
      count(*)::int AS n,
      max(created_at) AS last_asked_at,
      (array_agg(question ORDER BY created_at DESC))[1:20] AS wordings,
      (array_agg(id ORDER BY created_at DESC))[1:${IDS_PER_GROUP_MAX}] AS ids
    FROM conversations
    WHERE class_id = ${scope.classId} ${open} ${source} ${since}
    GROUP BY question_key
    ORDER BY n DESC, last_asked_at DESC
    LIMIT ${EXACT_GROUPS_MAX}
  `.execute(db);
  // question_key is "asks|words" (migration 006, question_group_key); asks never hold a "|"
  return result.rows.map(({ key, ...group }) => {
    const bar = key.indexOf('|');
    return {
      ...group,
      asks: key.slice(0, bar).split(' ').filter(Boolean),
      words: key
        .slice(bar + 1)
        .split(' ')
        .filter(Boolean),
    };
  });
}

/** Largest first: each exact group joins the first cluster that asks the same about the same. */
export function mergeSimilar(groups: ExactGroup[]): QuestionGroup[] {
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

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}
