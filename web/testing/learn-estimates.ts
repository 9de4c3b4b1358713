import type { EstimateFactor } from "../../shared/focus-schemas.ts";
import type { Task } from "../../shared/schemas.ts";
import { server } from "./app-harness.tsx";

/** Teaches the signed-in user's estimates: `count` tasks of a category, each done in one focus session. */
export async function learn(category: string, estimate: number, minutes: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const task = await server<Task>("POST", "/api/tasks", {
      title: `${category} ${i}`,
      category,
      timeEstimate: estimate,
    });
    await server("POST", "/api/focus-sessions", { taskId: task.id, actualMinutes: minutes });
    await server("PATCH", `/api/tasks/${task.id}/toggle`);
  }
}

/** What the server has learnt for one category. */
export async function factorOf(category: string): Promise<EstimateFactor | undefined> {
  return (await server<EstimateFactor[]>("GET", "/api/estimates")).find((f) => f.category === category);
}
