import type { BreakdownResponse, suggestionsResponse } from "../../../shared/ai-schemas.ts";
import { boundSuggestionContext, SUGGESTION_CONTEXT_SENT } from "../../../shared/suggestion-context.ts";
import { ApiError, api } from "../../lib/api.ts";

export type SuggestionContext = Record<string, unknown>;

// The dashboard builds the context itself; the server validates it and answers 400 for anything off.
const arrayOr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Sends the top of each list only (SUGGESTION_CONTEXT_SENT): a large account posts a small context. */
export async function fetchSuggestions(context: SuggestionContext): Promise<string[]> {
  const lists = Object.keys(SUGGESTION_CONTEXT_SENT) as Array<keyof typeof SUGGESTION_CONTEXT_SENT>;
  const whole = Object.fromEntries(lists.map((name) => [name, arrayOr(context[name])]));
  const bounded = boundSuggestionContext(
    { ...context, ...whole } as Parameters<typeof boundSuggestionContext>[0],
    SUGGESTION_CONTEXT_SENT,
  );
  const body = await api.post<typeof suggestionsResponse>("/api/ai/suggestions", { context: bounded }, { slow: true });
  return Array.isArray(body?.suggestions) ? body.suggestions : [];
}

/**
 * The Task Breaker's steps. Spec section 7 has a failure read '{status}: {statusText}' here, never
 * the body's message, so this call reads the status line itself instead of going through `api`.
 */
export async function fetchBreakdown(task: {
  title: string;
  category?: string;
  timeEstimate?: number;
}): Promise<string[]> {
  const res = await fetch("/api/ai/breakdown", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ task }),
  });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`);
  const body = (await res.json()) as Partial<BreakdownResponse>;
  return Array.isArray(body.steps) ? body.steps.filter((s) => typeof s === "string") : [];
}
