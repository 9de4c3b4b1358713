import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectProgress } from "../../../shared/constants.ts";
import type { CreateProjectInput, Project, ProjectTask } from "../../../shared/schemas.ts";
import { apiRequest } from "../../lib/api.ts";

export const PROJECTS_KEY = ["/api/projects"] as const;

export function useProjects() {
  return useQuery<Project[]>({ queryKey: PROJECTS_KEY });
}

export function useProject(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery<Project>({
    queryKey: [`/api/projects/${id}`],
    enabled: id !== null,
    // The list already in memory answers at once; the server is asked only when it is not.
    initialData: () => queryClient.getQueryData<Project[]>(PROJECTS_KEY)?.find((p) => p.id === id),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateProjectInput & { userId: number }) => {
      const created = await apiRequest<Project | null>("POST", "/api/projects", input);
      if (!created) throw new Error("Project creation returned no result.");
      return created;
    },
    onSuccess: (created) => {
      queryClient.setQueryData<Project[]>(PROJECTS_KEY, (old) => [...(old ?? []), created]);
      queryClient.setQueryData([`/api/projects/${created.id}`], created);
    },
  });
}

/** Saves a change and mirrors it locally only after the server accepted it (spec section 4). */
export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: { tasks?: ProjectTask[]; progress?: number; notes?: string | null }) =>
      apiRequest<Project>("PUT", `/api/projects/${id}`, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData([`/api/projects/${id}`], saved);
      queryClient.setQueryData<Project[]>(PROJECTS_KEY, (old) => old?.map((p) => (p.id === id ? saved : p)));
    },
  });
}

export async function suggestProjectTasks(input: { title: string; description: string | null; category: string }) {
  const body = await apiRequest<{ tasks?: string[] }>("POST", "/api/ai/project-tasks", input);
  return Array.isArray(body?.tasks) ? body.tasks : [];
}

export function withProgress(tasks: ProjectTask[]) {
  return { tasks, progress: projectProgress(tasks) };
}

const BUCKET_BADGE: Record<string, string> = {
  work: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  personal: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  health: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  finance: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

export function bucketClass(bucket: string): string {
  return BUCKET_BADGE[bucket] ?? "bg-accent text-fg";
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
