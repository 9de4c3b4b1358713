import { apiRequest } from "../../lib/api.ts";

export type SuggestionContext = Record<string, unknown>;

export async function fetchSuggestions(context: SuggestionContext): Promise<string[]> {
  const body = await apiRequest<{ suggestions?: string[] }>("POST", "/api/ai/suggestions", { context });
  return Array.isArray(body?.suggestions) ? body.suggestions : [];
}

/** Non-OK answers become '{status}: {statusText}' (spec section 7). */
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
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const body = (await res.json()) as { steps?: unknown };
  return Array.isArray(body.steps) ? body.steps.filter((s): s is string => typeof s === "string") : [];
}
