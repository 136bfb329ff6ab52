/**
 * How often each kind of extracted course fact is right (decision 013): hand labels of a sample of
 * the extractor's facts (`eval/fact-labels.json`) against the facts it reads today.
 *
 * Pure: no files, no corpus. `npm run facts:report` feeds it the labels and the corpus's facts;
 * `scripts/fact-precision.test.ts` feeds it the labels alone (CI has no corpus) to hold
 * `STATED_FACT_KINDS` to the measured precision.
 */
import { FACT_KINDS, type FactKind } from '@app/contracts';

/** A kind's facts are stated as the assistant's own answer at or above this precision. */
export const STATED_PRECISION = 0.97;

/**
 * Fewer labels than this measure nothing: one right fact of a kind is not 97% precision. At 20, a
 * single wrong label already keeps a kind below the line.
 */
export const MIN_LABELS_TO_STATE = 20;

/** What identifies a fact of the extractor's output: course + kind + subject + attribute + value. */
export type FactId = {
  course: string;
  kind: FactKind;
  subject: string;
  attribute: string;
  value: string;
};

/** A fact as the extractor gives it, with the course it was read from. */
export type CourseFactRow = FactId & { sourceText: string };

/** One hand-checked fact. */
export type FactLabel = FactId & {
  /** the line(s) the fact was read from (the extractor's `sourceText`) */
  source: string;
  correct: boolean;
  /** why it is wrong (always for a wrong one), or what made a right one tricky */
  note: string;
};

export type LabelFile = {
  /** how the labelled facts were drawn (`sampleFacts(facts, seed, size, min_per_kind)`) and judged */
  sample: {
    seed: number;
    size: number;
    min_per_kind: number;
    rule: string;
    /** the day the sample was drawn and labelled */
    drawn: string;
    by: string;
    facts_in_corpus: number;
    criteria: string;
  };
  labels: FactLabel[];
};

export function factKey(f: FactId): string {
  return [f.course, f.kind, f.subject, f.attribute, f.value].join('\u0000');
}

export type KindPrecision = {
  kind: FactKind;
  /** labels whose fact the extractor still produces (all labels when no facts were given) */
  labelled: number;
  correct: number;
  /** correct / labelled; null when no label counts */
  precision: number | null;
  /** labels whose fact the extractor no longer produces: to re-check, not counted above */
  stale: number;
  /** may be stated as the assistant's own answer */
  stated: boolean;
};

export type PrecisionReport = {
  kinds: KindPrecision[];
  labelled: number;
  correct: number;
  precision: number | null;
  stale: FactLabel[];
};

/**
 * Per-kind precision of the labels. With `current` (the extractor's facts today), a label whose
 * fact is not among them is stale: listed, and left out of the precision. Without it, every
 * label counts (the labels alone, as CI sees them).
 */
export function precisionByKind(
  labels: readonly FactLabel[],
  current?: readonly FactId[],
  threshold = STATED_PRECISION,
): PrecisionReport {
  const produced = current ? new Set(current.map(factKey)) : null;
  const stale: FactLabel[] = [];
  const kinds = FACT_KINDS.map((kind): KindPrecision => {
    let labelled = 0;
    let correct = 0;
    let staleCount = 0;
    for (const l of labels) {
      if (l.kind !== kind) continue;
      if (produced && !produced.has(factKey(l))) {
        staleCount++;
        stale.push(l);
        continue;
      }
      labelled++;
      if (l.correct) correct++;
    }
    const precision = labelled === 0 ? null : correct / labelled;
    return {
      kind,
      labelled,
      correct,
      precision,
      stale: staleCount,
      stated: labelled >= MIN_LABELS_TO_STATE && precision !== null && precision >= threshold,
    };
  });
  const labelled = kinds.reduce((n, k) => n + k.labelled, 0);
  const correct = kinds.reduce((n, k) => n + k.correct, 0);
  return { kinds, labelled, correct, precision: labelled === 0 ? null : correct / labelled, stale };
}

/** The kinds at or above the threshold, in FACT_KINDS order. */
export function statedKinds(report: PrecisionReport): FactKind[] {
  return report.kinds.filter((k) => k.stated).map((k) => k.kind);
}

// ---------------------------------------------------------------- the sample

/** mulberry32: a small seeded generator, so the sample is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * How many facts of each kind to label: every fact of a kind with fewer than `min`; at least
 * `min` of every other kind; the rest of `total` shared in proportion to the kinds' counts
 * (largest remainder).
 */
export function sampleQuotas(
  counts: Record<FactKind, number>,
  total: number,
  min: number,
): Record<FactKind, number> {
  const quota = Object.fromEntries(FACT_KINDS.map((k) => [k, 0])) as Record<FactKind, number>;
  let open = FACT_KINDS.filter((k) => counts[k] > 0);
  for (const k of open.filter((k) => counts[k] < min)) quota[k] = counts[k];
  open = open.filter((k) => counts[k] >= min);
  let budget = total - FACT_KINDS.reduce((n, k) => n + quota[k], 0);
  // kinds whose proportional share is under the minimum get the minimum, and the others share
  // what is left, until no share is under it
  for (;;) {
    const sum = open.reduce((n, k) => n + counts[k], 0);
    const small = open.filter((k) => (counts[k] * budget) / sum < min);
    if (small.length === 0) break;
    for (const k of small) {
      quota[k] = min;
      budget -= min;
    }
    open = open.filter((k) => !small.includes(k));
  }
  const sum = open.reduce((n, k) => n + counts[k], 0);
  const shares = open.map((k) => ({ k, share: (counts[k] * budget) / sum }));
  for (const s of shares) quota[s.k] = Math.floor(s.share);
  let left = budget - shares.reduce((n, s) => n + Math.floor(s.share), 0);
  for (const s of [...shares].sort(
    (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)),
  )) {
    if (left-- <= 0) break;
    quota[s.k]++;
  }
  for (const k of FACT_KINDS) quota[k] = Math.min(quota[k], counts[k]);
  return quota;
}

/**
 * A reproducible stratified sample: per kind, its quota of facts, taken round-robin over the
 * courses (in a seeded order, each course's facts seeded-shuffled) so that they spread across
 * courses. Independent of the order of `facts`.
 */
export function sampleFacts<T extends FactId>(
  facts: readonly T[],
  seed: number,
  total: number,
  min: number,
): T[] {
  const sorted = [...facts].sort((a, b) => (factKey(a) < factKey(b) ? -1 : 1));
  const counts = Object.fromEntries(FACT_KINDS.map((k) => [k, 0])) as Record<FactKind, number>;
  for (const f of sorted) counts[f.kind]++;
  const quota = sampleQuotas(counts, total, min);
  const rand = random(seed);
  const picked: T[] = [];
  for (const kind of FACT_KINDS) {
    const byCourse = new Map<string, T[]>();
    for (const f of sorted.filter((f) => f.kind === kind)) {
      byCourse.set(f.course, [...(byCourse.get(f.course) ?? []), f]);
    }
    const queues = shuffle([...byCourse.keys()], rand).map((c) => shuffle(byCourse.get(c)!, rand));
    let n = 0;
    while (n < quota[kind]) {
      for (const q of queues) {
        const f = q.shift();
        if (f && n < quota[kind]) {
          picked.push(f);
          n++;
        }
      }
    }
  }
  return picked.sort((a, b) => (factKey(a) < factKey(b) ? -1 : 1));
}
