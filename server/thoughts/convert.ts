/**
 * A thought turned into a focus task, a quick win, a project task or a calendar event, and marked
 * converted, in one transaction: either both happen or neither, and a thought converts only once.
 */
import type { z } from "zod";
import { ALL_DAY_MINUTES, convertedTitle } from "../../shared/constants.ts";
import {
  type ConvertThoughtResponse,
  type convertThoughtInput,
  createEventInput,
  createQuickWinInput,
  createTaskInput,
} from "../../shared/schemas.ts";
import { type Db, inTransaction } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { createEvent } from "../events/service.ts";
import type { Keeper } from "../keep-limits.ts";
import { getProject, holdProject, updateProject } from "../projects/service.ts";
import { createQuickWin } from "../quick-wins/service.ts";
import { createTask } from "../tasks/service.ts";
import { getThought, updateThought } from "./service.ts";

export async function convertThought(
  db: Db,
  opts: Keeper & { id: number; input: z.output<typeof convertThoughtInput> },
): Promise<ConvertThoughtResponse> {
  const { userId, keep, input } = opts;
  return inTransaction(db, async (trx) => {
    // Held first: a second conversion sent at the same moment (two tabs, a double tap) waits, then
    // finds it converted (docs/decisions/081-changes-at-the-same-moment.md).
    const thought = await getThought(trx, userId, opts.id, { hold: true });
    if (thought.status === "converted") {
      throw new AppError("CONFLICT", "This thought was already converted");
    }
    const text = convertedTitle(thought.content);
    let target: ConvertThoughtResponse["target"];
    switch (input.to) {
      case "task": {
        const task = await createTask(trx, { userId, keep, input: createTaskInput.parse({ title: text }) });
        target = { kind: "task", id: task.id };
        break;
      }
      case "quick-win": {
        const win = await createQuickWin(trx, { userId, keep, input: createQuickWinInput.parse({ text }) });
        target = { kind: "quick-win", id: win.id };
        break;
      }
      case "project": {
        // Held first, so a change made to the project meanwhile is read, not overwritten.
        await holdProject(trx, { userId, id: input.projectId });
        const project = await getProject(trx, { userId, id: input.projectId });
        // Detail-screen tasks are keyed by a timestamp (spec section 3); never reuse one.
        let taskId = Date.now();
        while (project.tasks.some((t) => t.id === taskId)) taskId += 1;
        await updateProject(trx, {
          userId,
          keep,
          id: project.id,
          input: { tasks: [...project.tasks, { id: taskId, title: text, completed: false }] },
        });
        target = { kind: "project", id: project.id };
        break;
      }
      case "event": {
        const full = thought.content.trim();
        const event = await createEvent(trx, {
          userId,
          keep,
          input: createEventInput.parse({
            title: input.title,
            date: input.date,
            startTime: input.allDay ? "00:00" : input.startTime,
            duration: input.allDay ? ALL_DAY_MINUTES : 30,
            // A long thought keeps its whole text with the event; the title holds its start.
            description: full === input.title ? null : full.slice(0, 10_000),
          }),
        });
        target = { kind: "event", id: event.id };
        break;
      }
    }
    const updated = await updateThought(trx, {
      userId,
      id: thought.id,
      input: {
        status: "converted",
        convertedTo: `${target.kind}:${target.id}`,
        ...(input.type ? { type: input.type } : {}),
      },
    });
    return { thought: updated, target };
  });
}
