/**
 * How sure the engine is that its best passage answers the question, as a probability (0–1).
 *
 * The signal is the margin by which the best unit covers the question beyond what it needs to
 * (`coverage − needed`, see extractive.ts). Platt scaling maps it to the share of replies with that
 * margin that were right on the evaluation sets (dev.json and dev-b.json, 18 courses): refit with
 * `npm run eval -- --calibrate` after changing how units are scored. The curve is monotone, so it
 * changes what the number says, never which replies are given.
 */
export const CALIBRATION = { slope: 6.39, offset: 0.66 } as const;

/**
 * Below this confidence the reply says the material does not cover the question (kind `none`)
 * instead of quoting the passage (an excerpt, decision 013). Chosen by `npm run eval` as the threshold
 * that maximises accuracy − MISLEADING_COST × misleading over all 18 evaluation courses
 * ("Threshold fitted on all courses"); a wrong excerpt is not misleading, so this is the threshold
 * of the most right replies: 0.60–0.70 give the same within a question on each data set. Its
 * leave-one-course-out score, and each data set's fit scored on the other, are what the eval
 * reports. `ANSWER_MIN_CONFIDENCE` overrides it.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.6125;

/**
 * An answer from the course fact sheet: the question asked for a fact the sheet holds and every
 * telling word of it is in the facts used. 36 of 36 such answers were right on the evaluation
 * sets; extraction from syllabi never seen is less sure, hence below that.
 */
export const FACT_CONFIDENCE = 0.9;

/**
 * How much more of a yes/no question ("is there any extra credit?", "are the quizzes open
 * book?") the best passage must cover than of another question. A yes/no question asks whether
 * one whole statement holds; a passage sharing most of its words ("graduate credit", "Required
 * Textbook") is about something else, and no kind of answer (a date, a room, a number) can be
 * checked for it. Chosen from the evaluation data honestly: fitted with the confidence threshold on
 * every course but one and scored on that one, each of the 18 folds chose 0.25 to 0.35 from 0 to
 * 0.7 (0.3 in 15); that nested leave-one-course-out run gave 83.0% accuracy and 4.1% misleading
 * against 84.8% and 6.3% without it.
 */
export const YES_NO_EXTRA_COVERAGE = 0.3;

/** A misleading reply (wrong material shown as the answer) costs this many honest declines. */
export const MISLEADING_COST = 2;

/** No match is ever certain: a threshold of 1 means never present material as the answer. */
const MAX_CONFIDENCE = 0.99;

export function confidenceOf(margin: number): number {
  const p = 1 / (1 + Math.exp(-(CALIBRATION.slope * margin + CALIBRATION.offset)));
  return Math.min(MAX_CONFIDENCE, Math.round(p * 1000) / 1000);
}
