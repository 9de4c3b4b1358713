import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateTaskInput, Task } from "../../../shared/schemas.ts";
import { apiRequest } from "../../lib/api.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";

export const TASKS_KEY = ["/api/tasks"] as const;

export function useTasks() {
  return useQuery<Task[]>({ queryKey: TASKS_KEY });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput & { userId: number }) => apiRequest<Task>("POST", "/api/tasks", input),
    onSuccess: (created) => queryClient.setQueryData<Task[]>(TASKS_KEY, (old) => [...(old ?? []), created]),
  });
}

export function useToggleTask() {
  return useOptimisticToggle<Task>(TASKS_KEY, "Failed to update task status");
}

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Task>("PATCH", `/api/tasks/${id}`, { completed: true }),
    onSuccess: (saved) =>
      queryClient.setQueryData<Task[]>(TASKS_KEY, (old) => old?.map((t) => (t.id === saved.id ? saved : t))),
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
