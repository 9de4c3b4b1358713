import { afterEach, describe, expect, it, vi } from "vitest";
import { SUGGESTION_CONTEXT_SENT } from "../../../shared/ai-schemas.ts";
import { fetchSuggestions } from "./api.ts";

afterEach(() => vi.unstubAllGlobals());

function sentContext(): Record<string, unknown[]> {
  const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
  return JSON.parse(String(init?.body)).context;
}

describe("fetchSuggestions", () => {
  it("sends only the top of each list of a large account, the due task first", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response('{"suggestions":["Start with the report"]}', {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    const tasks = Array.from({ length: 500 }, (_, i) => ({
      title: `Task ${i}`,
      category: "Work",
      timeEstimate: 30,
      dueTime: i === 420 ? "08:00" : null,
      isApproaching: i === 420,
    }));
    const suggestions = await fetchSuggestions({
      currentTime: "09:00",
      currentDate: "2025-03-12",
      mood: "Neutral",
      incompleteTasks: tasks,
      todayEvents: [],
      incompleteQuickWins: Array.from({ length: 200 }, (_, i) => `Win ${i}`),
      recentThoughts: [{ content: "Call mum", type: "Reminder" }],
      activeProjects: [],
    });
    expect(suggestions).toEqual(["Start with the report"]);
    const sent = sentContext();
    expect(sent.incompleteTasks).toHaveLength(SUGGESTION_CONTEXT_SENT.incompleteTasks);
    expect(sent.incompleteTasks?.[0]).toMatchObject({ title: "Task 420", dueTime: "08:00" });
    expect(sent.incompleteTasks?.[1]).toMatchObject({ title: "Task 0" });
    expect(sent.incompleteQuickWins).toHaveLength(SUGGESTION_CONTEXT_SENT.incompleteQuickWins);
    expect(sent.recentThoughts).toEqual([{ content: "Call mum", type: "Reminder" }]);
  });
});
