import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { listUrl } from "../../../shared/list-url.ts";
import { isPutOff } from "../../../shared/ranking.ts";
import type { CreateTaskInput, Task, TaskListParams, task } from "../../../shared/schemas.ts";
import { topFocusTasksParams } from "../../app/first-read-urls.ts";
import { api } from "../../lib/api.ts";
import { editDraft } from "../../lib/draft.ts";
import { editLists, refreshPages, restoreLists, snapshotLists } from "../../lib/list-cache.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";
import { type Counted, createOrKeep, withWaitingChanges } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useRowUpdate } from "../../lib/row-update.ts";
import { undoableDeletes } from "../../lib/undoable.ts";

const TASKS = queryKeys.tasks[0];
/** Rows per 'Show more' on the Tasks page: a few at a time, never a wall. */
export const TASKS_PAGE_SIZE = 10;
/** Rows per page of Later. */
const LATER_PAGE_SIZE = 50;
export type TaskMood = TaskListParams["mood"];

/** The whole list, as the spec's client reads it (the Focus page). */
export const tasksQuery = () =>
  queryOptions({
    queryKey: queryKeys.tasks,
    queryFn: async () => withWaitingChanges(TASKS, await api.query<z.ZodArray<typeof task>>(TASKS)),
  });

export function useTasks() {
  return useQuery(tasksQuery());
}

/**
 * Top Focus Tasks: the first five of today's focus order (docs/decisions/015-ranked-short-lists.md)
 * for the mood the dashboard shows, with how many there are in all ('Show all (N)').
 */
export const topFocusTasksQuery = (mood: TaskMood | null) => {
  const params = topFocusTasksParams(mood);
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.tasks, params),
    queryFn: async () => withWaitingChanges(TASKS, await api.page<typeof task>(listUrl(TASKS, params))),
  });
};

/**
 * The tasks today's focus list counts, told from a task's fields or some of them (web/lib/outbox.ts):
 * not done, and not put off past `today` with "Not today" (shared/ranking.ts).
 */
export const todaysFocus =
  (today: string): Counted =>
  (fields) =>
    fields.completed !== true &&
    !isPutOff({ notBefore: typeof fields.notBefore === "string" ? fields.notBefore : null }, today);

export function useTopFocusTasks(mood: TaskMood | null) {
  // A new mood reorders the list: the old order stays on screen until the new one arrives.
  return useQuery({ ...topFocusTasksQuery(mood), placeholderData: (previous) => previous });
}

/** A list of tasks read page after page ('Show more'), by the cursor each page answers. */
const taskWalk = (params: Omit<TaskListParams, "cursor">) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pages(queryKeys.tasks, params),
    queryFn: async ({ pageParam }) =>
      withWaitingChanges(
        TASKS,
        await api.page<typeof task>(listUrl(TASKS, { ...params, cursor: pageParam ?? undefined })),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

// Each walk takes `q`, a search of the Tasks page (docs/decisions/052-find-a-task.md): only the
// tasks with its words.

/** Today's open tasks in focus order: the dashboard's five first, then the rest. */
export const openTasksWalk = (mood: TaskMood | null, q?: string) =>
  taskWalk({ completed: false, order: "focus", mood: mood ?? undefined, q, limit: TASKS_PAGE_SIZE });
/**
 * Open tasks put off with "Not today". Few by nature, so a larger page: the screen sorts them by
 * the day they come back, which holds across everything read.
 */
export const laterTasksWalk = (q?: string) =>
  taskWalk({ completed: false, order: "focus", putOff: true, q, limit: LATER_PAGE_SIZE });
/** The tasks let go (docs/decisions/033-welcome-back.md), oldest first, to bring back. */
export const letGoTasksWalk = (q?: string) => taskWalk({ archived: true, q, limit: LATER_PAGE_SIZE });
/** 'Done today': the tasks marked done on `today` (the user's date), in the order they were made. */
export const doneTodayWalk = (today: string, q?: string) => taskWalk({ completedOn: today, q, limit: TASKS_PAGE_SIZE });

/**
 * 'Done earlier' (docs/decisions/053-done-earlier.md): the tasks done before `today`, most recently
 * done first.
 */
export const doneEarlierWalk = (today: string, q?: string) =>
  taskWalk({ completedBefore: today, order: "done", q, limit: TASKS_PAGE_SIZE });

/** A walk; a new search or mood keeps the rows on show until its own first page arrives. */
export function useTaskWalk(walk: ReturnType<typeof taskWalk>, opts: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...walk, placeholderData: keepPreviousData, ...opts });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput & { userId: number }) =>
      createOrKeep(
        { userId: input.userId, path: TASKS, body: input, label: input.title || "Untitled Task", action: "Task" },
        (key) => api.post<typeof task>(TASKS, input, { idempotencyKey: key }),
      ),
    onSuccess: ({ saved: created }) => {
      if (!created) return;
      // The whole list gains the row only where it is already held; the bounded reads are read again.
      queryClient.setQueryData(tasksQuery().queryKey, (old) => (old ? [...old, created] : old));
      void refreshPages(queryClient, queryKeys.tasks);
    },
  });
}

export function useToggleTask() {
  return useOptimisticToggle<typeof task>(
    queryKeys.tasks,
    "Failed to update task status",
    (t) => ({
      title: "Task completed",
      description: `"${t.title || "Untitled Task"}" is done.`,
      altText: "Undo completing the task",
    }),
    { keepsDoneTime: true },
  );
}

/**
 * Marks a task done: now, or at `completedAt` when given (null: on no known day), as an Undo
 * putting a task reopened by mistake back on its own day.
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, completedAt }: { id: number; completedAt?: string | null }) =>
      api.patch<typeof task>(`${TASKS}/${id}`, { completed: true, ...(completedAt !== undefined && { completedAt }) }),
    onSuccess: (saved) => {
      editLists<Task>(queryClient, queryKeys.tasks, (rows) => rows.map((t) => (t.id === saved.id ? saved : t)));
      void refreshPages(queryClient, queryKeys.tasks);
    },
  });
}

export type TaskPatch = Partial<Pick<Task, "title" | "category" | "timeEstimate" | "dueTime" | "notBefore" | "repeat">>;

/**
 * Edits a task (title, category, estimate, due time, or "Not today"'s day), shown at once and taken
 * back if refused; `scope: "this"` edits just today's occurrence of a routine (web/lib/row-update.ts).
 */
export const useUpdateTask = () => useRowUpdate<typeof task, TaskPatch>(queryKeys.tasks);

/**
 * "Let go" (archived) and "Bring back": the task leaves every list at once, or is back where its
 * age and due moment place it; the bounded reads are read again either way.
 */
export function useLetGoTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<typeof task>(`${TASKS}/${id}/archive`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
      const previous = snapshotLists(queryClient, queryKeys.tasks);
      editLists<Task>(queryClient, queryKeys.tasks, (rows) => rows.filter((t) => t.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) restoreLists(queryClient, context.previous);
    },
    onSettled: () => refreshPages(queryClient, queryKeys.tasks),
  });
}

export function useRestoreTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<typeof task>(`${TASKS}/${id}/restore`),
    onSuccess: (saved) => {
      editLists<Task>(queryClient, queryKeys.tasks, (rows) => rows.filter((t) => t.id !== saved.id));
      // The whole list gains the row back only where it is already held.
      queryClient.setQueryData(tasksQuery().queryKey, (old) =>
        old ? [...old, saved].sort((a, b) => a.id - b.id) : old,
      );
    },
    onSettled: () => refreshPages(queryClient, queryKeys.tasks),
  });
}

const taskDeletes = undoableDeletes<Task>({
  list: queryKeys.tasks,
  words: (task) => ({
    title: "Task deleted",
    description: `"${task.title || "Untitled Task"}" is off your list.`,
    altText: "Undo deleting the task",
  }),
  failure: "Failed to delete task",
  // An edit not saved is of no use once the row is gone.
  drafts: (task) => [editDraft("task", task.id)],
  waitsOffline: true,
  // Kept with a delete that waits, so the counts leave it out if they counted it.
  was: (task) => ({ completed: task.completed, notBefore: task.notBefore }),
  occurrence: (task) => task.dueDate,
});

/**
 * The rows to show: without the tasks waiting for their 'Task deleted' toast to close, so a list
 * read again meanwhile does not bring one back for a moment.
 */
export const useShownTasks = taskDeletes.useShown;

/**
 * Deletes a task the undoable way: it leaves every list at once, and the server is told when the
 * 'Task deleted' toast closes (or the page is left); Undo brings it back as it was, since nothing
 * was deleted yet.
 */
export const useDeleteTask = taskDeletes.useDelete;

const CATEGORY_BADGE: Record<string, string> = {
  Work: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  Health: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  Personal: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  Finance: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  Education: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
};

export function taskCategoryClass(category: string | null | undefined): string {
  return (category && CATEGORY_BADGE[category]) || "bg-accent text-fg";
}
