import { useMutation } from '@tanstack/react-query';
import type { AnswerFeedback, AnswerRating, ApiSuccess } from '@app/contracts';
import { api } from '@/lib/api-client';

export type TrialFeedback = {
  session_id: string;
  /** the `id` of the trial chat reply being rated */
  reply_id: string;
  /** null takes the rating back */
  rating: AnswerRating | null;
};

/**
 * PUT /trial/feedback: a visitor's rating of one of the session's answers. 404 when
 * the session is gone; 409 when more answers are rated than the session asked questions.
 */
export async function rateTrialAnswer(input: TrialFeedback): Promise<AnswerFeedback> {
  return (await api.put<ApiSuccess<AnswerFeedback>>('/trial/feedback', input)).data;
}

/** One mutation for every answer of the trial: each rating awaits its own `mutateAsync`. */
export function useRateTrialAnswer() {
  return useMutation({ mutationFn: rateTrialAnswer });
}
