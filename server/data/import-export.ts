/**
 * The user's data as one JSON file, and that file taken back: validated as a whole, merged without
 * duplicates, and written in one transaction so a bad file changes nothing.
 */
import type { z } from "zod";
import { EXPORT_FORMAT, type ExportFile, type ImportResponse, type importInput } from "../../shared/schemas.ts";
import { type Db, inTransaction } from "../db/database.ts";
import { assertRoomForSeries } from "../events/series.ts";
import { importSeries } from "../events/series-import.ts";
import { createEvent, listEvents } from "../events/service.ts";
import { assertRoom, type Keeper } from "../keep-limits.ts";
import { createProject, listProjects } from "../projects/service.ts";
import { createQuickWin, listQuickWins, updateQuickWin } from "../quick-wins/service.ts";
import { getSettings, keepNewestMoods, listMoods, recordMood, updateSettings } from "../settings/service.ts";
import { archiveTask, createTask, listTasksWithArchived, updateTask } from "../tasks/service.ts";
import { replaceTaskSteps } from "../tasks/steps.ts";
import { createThought, listThoughts, updateThought } from "../thoughts/service.ts";

/** Everything the user owns that the app shows, as GET /api/data/export answers it. */
export async function exportData(db: Db, opts: { userId: number }): Promise<ExportFile> {
  const [tasks, quickWins, thoughts, projects, events, settings, moods] = await Promise.all([
    listTasksWithArchived(db, opts),
    listQuickWins(db, opts),
    listThoughts(db, opts),
    listProjects(db, opts),
    listEvents(db, opts),
    getSettings(db, opts),
    listMoods(db, { ...opts, limit: 100_000 }),
  ]);
  const steps = await db
    .selectFrom("task_steps")
    .innerJoin("tasks", "tasks.id", "task_steps.task_id")
    .select(["task_steps.task_id as taskId", "task_steps.text", "task_steps.done"])
    .where("tasks.user_id", "=", opts.userId)
    .orderBy("task_steps.task_id")
    .orderBy("task_steps.position")
    .execute();
  const sessions = await db
    .selectFrom("focus_sessions")
    .select(["task_id", "category", "estimated_minutes", "actual_minutes", "ended_at"])
    .where("user_id", "=", opts.userId)
    .where("task_id", "is not", null)
    .orderBy("id")
    .execute();
  const sessionsOf = new Map<number, ExportFile["tasks"][number]["focusSessions"]>();
  for (const f of sessions) {
    const list = sessionsOf.get(f.task_id as number) ?? [];
    list.push({
      category: f.category,
      estimatedMinutes: f.estimated_minutes,
      actualMinutes: f.actual_minutes,
      endedAt: f.ended_at,
    });
    sessionsOf.set(f.task_id as number, list);
  }
  const seriesOf = new Map(
    (
      await db
        .selectFrom("events")
        .select(["id", "series_id"])
        .where("user_id", "=", opts.userId)
        .where("series_id", "is not", null)
        .execute()
    ).map((e) => [e.id, e.series_id]),
  );
  const stepsOf = new Map<number, Array<{ text: string; done: boolean }>>();
  for (const step of steps) {
    const list = stepsOf.get(step.taskId) ?? [];
    list.push({ text: step.text, done: step.done === 1 });
    stepsOf.set(step.taskId, list);
  }
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    tasks: tasks.map((t) => ({ ...t, steps: stepsOf.get(t.id) ?? [], focusSessions: sessionsOf.get(t.id) ?? [] })),
    quickWins,
    thoughts,
    projects,
    events: events.map((e) => ({ ...e, seriesId: seriesOf.get(e.id) ?? null })),
    settings,
    moods,
  };
}

/** Adds the items whose key is new, remembering each so a file's own repeats count once. */
async function mergeInto<T>(
  items: T[],
  existingKeys: string[],
  keyOf: (item: T) => string,
  add: (item: T) => Promise<void>,
): Promise<{ added: number; skipped: number }> {
  const seen = new Set(existingKeys);
  let added = 0;
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    await add(item);
    added += 1;
  }
  return { added, skipped: items.length - added };
}

const key = (...parts: (string | number | null | undefined)[]) => JSON.stringify(parts);

/**
 * Merges an export into the user's data. What counts as "already there": a task with the same
 * title and category, a quick win with the same text, a thought with the same content, a project
 * with the same title and bucket, an event with the same title, date and start time, a mood for the
 * same date. Settings in the file replace the current ones. A file that would take the user past
 * what one person can keep of a kind is refused whole (docs/decisions/070-what-one-account-can-keep.md).
 */
export async function importData(
  db: Db,
  opts: Keeper & { input: z.output<typeof importInput>; today?: string },
): Promise<ImportResponse> {
  const { userId, keep, input, today } = opts;
  return inTransaction(db, async (trx) => {
    const tasks = await mergeInto(
      input.tasks,
      (await listTasksWithArchived(trx, { userId })).map((t) => key(t.title, t.category)),
      (t) => key(t.title, t.category),
      async ({ completed, completedAt, steps, archivedAt, focusSessions, ...fields }) => {
        const created = await createTask(trx, { userId, keep, input: fields, today });
        if (archivedAt) {
          await archiveTask(trx, { userId, id: created.id, at: new Date(archivedAt).toISOString() });
        }
        // Done on its own day; an export without one: done on no known day, not part of 'Done today'.
        if (completed) {
          await updateTask(trx, { userId, id: created.id, input: { completed, completedAt: completedAt ?? null } });
        }
        if (steps?.length) await replaceTaskSteps(trx, { userId, taskId: created.id, input: { steps } });
        if (focusSessions?.length) {
          await assertRoom(trx, opts, "focusSessions", focusSessions.length, "tasks");
          await trx
            .insertInto("focus_sessions")
            .values(
              focusSessions.map((f) => ({
                user_id: userId,
                task_id: created.id,
                category: f.category,
                estimated_minutes: f.estimatedMinutes,
                actual_minutes: f.actualMinutes,
                ended_at: new Date(f.endedAt).toISOString(),
              })),
            )
            .execute();
        }
      },
    );
    const quickWins = await mergeInto(
      input.quickWins,
      (await listQuickWins(trx, { userId })).map((w) => key(w.text)),
      (w) => key(w.text),
      async ({ completed, ...fields }) => {
        const created = await createQuickWin(trx, { userId, keep, input: fields, today });
        if (completed) await updateQuickWin(trx, { userId, id: created.id, input: { completed } });
      },
    );
    const thoughts = await mergeInto(
      input.thoughts,
      (await listThoughts(trx, { userId })).map((t) => key(t.content)),
      (t) => key(t.content),
      async ({ status, convertedTo, ...fields }) => {
        const created = await createThought(trx, { userId, keep, input: fields });
        if (status !== "inbox") {
          await updateThought(trx, { userId, id: created.id, input: { status, convertedTo: convertedTo ?? null } });
        }
      },
    );
    const projects = await mergeInto(
      input.projects,
      (await listProjects(trx, { userId })).map((p) => key(p.title, p.bucket)),
      (p) => key(p.title, p.bucket),
      async (fields) => {
        await createProject(trx, { userId, keep, input: fields, field: "projects" });
      },
    );
    // A repeating event's occurrences in the file are gathered, then made one series each.
    const series = new Map<string, Array<(typeof input.events)[number]>>();
    const events = await mergeInto(
      input.events,
      (await listEvents(trx, { userId })).map((e) => key(e.title, e.date, e.startTime)),
      (e) => key(e.title, e.date, e.startTime),
      async (item) => {
        const { seriesId, repeat, ...fields } = item;
        if (!repeat) {
          await createEvent(trx, { userId, keep, input: fields });
          return;
        }
        const group = key(repeat, seriesId ?? `one ${series.size}`);
        series.set(group, [...(series.get(group) ?? []), item]);
      },
    );
    await assertRoomForSeries(trx, userId, series.size, "events");
    for (const occurrences of series.values()) {
      await importSeries(trx, { userId, keep, occurrences, today });
    }
    const moods = await mergeInto(
      input.moods,
      (await listMoods(trx, { userId, limit: 100_000 })).map((m) => key(m.date)),
      (m) => key(m.date),
      async (m) => {
        await recordMood(trx, { userId, mood: m.mood, date: m.date });
      },
    );
    await keepNewestMoods(trx, opts);
    if (input.settings) await updateSettings(trx, { userId, input: input.settings });
    const counts = { tasks, quickWins, thoughts, projects, events, moods };
    const pick = (k: "added" | "skipped") =>
      Object.fromEntries(Object.entries(counts).map(([name, c]) => [name, c[k]])) as ImportResponse["importedCounts"];
    return { importedCounts: pick("added"), skippedCounts: pick("skipped") };
  });
}
