/**
 * Data-chosen settings of the answering engine, chosen honestly (docs/evaluation.md): the
 * confidence threshold below which a reply declines is fitted on every course but one and scored
 * on the one left out; the reported number is the mean over courses. Also refits the confidence
 * calibration (Platt scaling). Pure functions: no I/O.
 */
import {
  isMisleading,
  kindOf,
  scoreQuestion,
  type EvalQuestion,
  type EvalReply,
} from './eval-score.ts';

/** One question's raw reply, as the engine gave it with no threshold of its own. */
export type RawResult = {
  course: string;
  question: EvalQuestion;
  reply: EvalReply;
  /** the reply's confidence, or null when the server sent none */
  confidence: number | null;
};

export type Rates = { accuracy: number; misleading: number; total: number };

/** The reply as a server with this threshold would have given it: none below it. */
export function atThreshold(r: RawResult, threshold: number): EvalReply {
  const declined = kindOf(r.reply) !== 'none' && r.confidence !== null && r.confidence < threshold;
  return declined ? { ...r.reply, kind: 'none', source_type: 'other' } : r.reply;
}

export { isMisleading };

export function ratesAt(results: RawResult[], threshold: number): Rates {
  let correct = 0;
  let misleading = 0;
  for (const r of results) {
    const reply = atThreshold(r, threshold);
    if (scoreQuestion(r.question, reply).correct) correct += 1;
    else if (isMisleading(r.question, reply)) misleading += 1;
  }
  const total = results.length;
  return {
    accuracy: total ? correct / total : 0,
    misleading: total ? misleading / total : 0,
    total,
  };
}

/** The thresholds worth trying: 0, and just above each confidence seen (a reply flips there). */
function candidateThresholds(results: RawResult[]): number[] {
  const seen = results.map((r) => r.confidence).filter((c): c is number => c !== null);
  return [0, ...new Set(seen.map((c) => Math.round((c + 0.0005) * 10000) / 10000))].sort(
    (a, b) => a - b,
  );
}

/**
 * The threshold that maximises accuracy − cost × misleading over these results; ties go to the
 * lowest threshold (the fewest declines).
 */
export function bestThreshold(results: RawResult[], misleadingCost: number): number {
  let best = 0;
  let bestValue = -Infinity;
  for (const t of candidateThresholds(results)) {
    const { accuracy, misleading } = ratesAt(results, t);
    const value = accuracy - misleadingCost * misleading;
    if (value > bestValue + 1e-12) {
      best = t;
      bestValue = value;
    }
  }
  return best;
}

export type CourseFit = Rates & { course: string; threshold: number };
export type LocoResult = { courses: CourseFit[]; accuracy: number; misleading: number };

/**
 * The threshold fitted on `fitOn` (every course of it), and what it does on `scoreOn`: a split the
 * rules were not written on, as far as that is still possible (one data set against the other).
 */
export function crossFit(
  fitOn: RawResult[],
  scoreOn: RawResult[],
  misleadingCost: number,
): Rates & { threshold: number } {
  const threshold = bestThreshold(fitOn, misleadingCost);
  return { threshold, ...ratesAt(scoreOn, threshold) };
}

/** Each course scored at the threshold fitted on all the others; means over courses. */
export function leaveOneCourseOut(results: RawResult[], misleadingCost: number): LocoResult {
  const courses = [...new Set(results.map((r) => r.course))];
  const fits = courses.map((course) => {
    const others = results.filter((r) => r.course !== course);
    const threshold = bestThreshold(others, misleadingCost);
    const rates = ratesAt(
      results.filter((r) => r.course === course),
      threshold,
    );
    return { course, threshold, ...rates };
  });
  const mean = (pick: (f: CourseFit) => number) =>
    fits.length ? fits.reduce((s, f) => s + pick(f), 0) / fits.length : 0;
  return {
    courses: fits,
    accuracy: mean((f) => f.accuracy),
    misleading: mean((f) => f.misleading),
  };
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
};

/**
 * Platt scaling on top of the current calibration: fits p = σ(α·logit(confidence) + β) to whether
 * each given reply was right, and returns the composed slope and offset for confidence.ts
 * (the current ones passed in). Only replies that present material count.
 */
export function recalibrate(
  results: RawResult[],
  current: { slope: number; offset: number },
): { slope: number; offset: number } {
  const points = results
    .filter((r) => r.confidence !== null && kindOf(r.reply) !== 'none')
    .map((r) => ({
      x: logit(r.confidence!),
      y: scoreQuestion(r.question, r.reply).correct ? 1 : 0,
    }));
  let alpha = 1;
  let beta = 0;
  for (let step = 0; step < 20_000 && points.length; step++) {
    let ga = 0;
    let gb = 0;
    for (const { x, y } of points) {
      const p = 1 / (1 + Math.exp(-(alpha * x + beta)));
      ga += (p - y) * x;
      gb += p - y;
    }
    alpha -= (0.1 * ga) / points.length;
    beta -= (0.1 * gb) / points.length;
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    slope: round(alpha * current.slope),
    offset: round(alpha * current.offset + beta),
  };
}
