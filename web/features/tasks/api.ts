import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateTaskInput, task } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";
import { queryKeys } from "../../lib/query-keys.ts";

const TASKS = queryKeys.tasks[0];

export const tasksQuery = () =>
  queryOptions({ queryKey: queryKeys.tasks, queryFn: () => api.query<z.ZodArray<typeof task>>(TASKS) });

export function useTasks() {
  return useQuery(tasksQuery());
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput & { userId: number }) => api.post<typeof task>(TASKS, input),
    onSuccess: (created) => queryClient.setQueryData(tasksQuery().queryKey, (old) => [...(old ?? []), created]),
  });
}

export function useToggleTask() {
  return useOptimisticToggle<typeof task>(queryKeys.tasks, "Failed to update task status");
}

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<typeof task>(`${TASKS}/${id}`, { completed: true }),
    onSuccess: (saved) =>
      queryClient.setQueryData(tasksQuery().queryKey, (old) => old?.map((t) => (t.id === saved.id ? saved : t))),
  });
}

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
