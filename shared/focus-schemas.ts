/** Focus sessions and the estimate factors learnt from them (docs/decisions/027-estimates-that-learn.md). */
import { z } from "zod";
import { FOCUS_SESSION_MAX_MINUTES, TASK_CATEGORIES } from "./constants.ts";
import { MAX_RECORD_ID } from "./schemas.ts";

export { FOCUS_SESSION_MAX_MINUTES };
/** Tasks done per category an estimate factor looks back on. */
export const FACTOR_WINDOW = 20;
/** Factors stay in this range: one odd task must not make every estimate absurd. */
export const FACTOR_MIN = 0.5;
export const FACTOR_MAX = 3;

export const focusSessionInput = z.object({
  taskId: z.number().int().positive().max(MAX_RECORD_ID),
  actualMinutes: z.number().int().min(1).max(FOCUS_SESSION_MAX_MINUTES),
});
export type FocusSessionInput = z.infer<typeof focusSessionInput>;

export const focusSession = z.object({
  id: z.number().int(),
  taskId: z.number().int().nullable(),
  category: z.string(),
  estimatedMinutes: z.number().int(),
  actualMinutes: z.number().int(),
  endedAt: z.string(),
});
export type FocusSession = z.infer<typeof focusSession>;

export const estimateFactor = z.object({
  category: z.string(),
  /** Actual ÷ estimated minutes over the last tasks done (all their sessions each); 1 with none. */
  factor: z.number(),
  /** How many tasks done the factor rests on (at most FACTOR_WINDOW). */
  tasks: z.number().int(),
});
export type EstimateFactor = z.infer<typeof estimateFactor>;

export const resetFactorsQuery = z.object({ category: z.enum(TASK_CATEGORIES).optional() });
