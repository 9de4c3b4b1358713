/**
 * Estimates that learn (docs/decisions/027-estimates-that-learn.md): the factor learnt per
 * category, the kinder estimate it offers, and the focus sessions that teach it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { TIME_ESTIMATE_MAX, TIME_ESTIMATE_MIN } from "../../../shared/constants.ts";
import type { EstimateFactor, estimateFactor, focusSession } from "../../../shared/focus-schemas.ts";
import { api, apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** A kinder estimate is offered once the factor rests on this many tasks done… */
export const OFFER_MIN_TASKS = 3;
/** …and differs from 1 by at least this much. */
export const OFFER_MIN_DIFFERENCE = 0.2;
/** Offered estimates are rounded to this step (minutes). */
export const OFFER_STEP = 5;

export const estimatesQuery = () =>
  queryOptions({
    queryKey: queryKeys.estimates,
    queryFn: () => api.query<z.ZodArray<typeof estimateFactor>>(queryKeys.estimates[0]),
  });

export function useEstimates(enabled = true) {
  return useQuery({ ...estimatesQuery(), enabled });
}

/** Forgets what was learnt, for one category or (without one) for all; answers the factors as they now stand. */
export function useResetEstimates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: string | null) =>
      apiRequest<EstimateFactor[]>(
        "DELETE",
        category ? `${queryKeys.estimates[0]}?category=${encodeURIComponent(category)}` : queryKeys.estimates[0],
      ),
    onSuccess: (factors) => queryClient.setQueryData(estimatesQuery().queryKey, factors),
  });
}

/**
 * Records a finished focus session on a task. The key makes it count once however often it is
 * sent (a reload, a second tab, a retry after the connection came back).
 */
export function recordFocusSession(
  session: { key: string; taskId: number; minutes: number },
  options: { keepalive?: boolean } = {},
) {
  return api.post<typeof focusSession>(
    "/api/focus-sessions",
    { taskId: session.taskId, actualMinutes: session.minutes },
    { idempotencyKey: session.key, keepalive: options.keepalive },
  );
}

/** "about 1.5×": one decimal, without a trailing ".0". */
export function factorInWords(factor: number): string {
  return `about ${Number(factor.toFixed(1))}×`;
}

export type KinderEstimate = { minutes: number; message: string };

/**
 * The estimate the learnt factor suggests for a guess, or null when there is nothing to offer:
 * too few tasks done, a factor close to 1, or a suggestion that would not change the estimate.
 */
export function kinderEstimate(factor: EstimateFactor | undefined, guess: number): KinderEstimate | null {
  if (!factor || factor.tasks < OFFER_MIN_TASKS) return null;
  if (Math.abs(factor.factor - 1) < OFFER_MIN_DIFFERENCE) return null;
  if (!Number.isFinite(guess) || guess <= 0) return null;
  const stepped = Math.round((guess * factor.factor) / OFFER_STEP) * OFFER_STEP;
  const minutes = Math.min(TIME_ESTIMATE_MAX, Math.max(TIME_ESTIMATE_MIN, stepped));
  if (minutes === guess) return null;
  const words = factorInWords(factor.factor);
  const message =
    factor.factor > 1
      ? `${factor.category} tasks usually take you ${words} your guess — use ${minutes} min?`
      : `${factor.category} tasks often go quicker than you guess (${words}) — use ${minutes} min?`;
  return { minutes, message };
}
