import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeleteAllResponse, Settings, User } from "../../../shared/schemas.ts";
import { apiRequest, getJson } from "../../lib/api.ts";

export const SETTINGS_KEY = ["/api/settings"] as const;

export function useSettings() {
  return useQuery<Settings>({ queryKey: SETTINGS_KEY });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => apiRequest<Settings>("PUT", "/api/settings", patch),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

export function updateAccount(input: { displayName: string | null; email: string | null }) {
  return apiRequest<{ user: User }>("PATCH", "/api/auth/me", input);
}

export function changePassword(input: { currentPassword?: string; newPassword: string }) {
  return apiRequest("POST", "/api/auth/password", input);
}

export function deleteAllData() {
  return apiRequest<DeleteAllResponse>("POST", "/api/data/delete-all");
}

export function saveAiKey(key: string) {
  return apiRequest<{ configured: boolean; hint: string | null }>("PUT", "/api/ai/key", { key });
}

const EXPORT_PATHS = {
  tasks: "/api/tasks",
  quickWins: "/api/quick-wins",
  thoughts: "/api/thoughts",
  projects: "/api/projects",
  events: "/api/events",
  settings: "/api/settings",
} as const;

/** Downloads everything the user owns as one JSON file. */
export async function exportAllData(): Promise<void> {
  const entries = await Promise.all(
    Object.entries(EXPORT_PATHS).map(async ([name, path]) => [name, await getJson<unknown>(path)] as const),
  );
  const data = { exportedAt: new Date().toISOString(), ...Object.fromEntries(entries) };
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `daily-compass-export-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type ImportFile = {
  tasks?: Array<{
    title: string;
    category?: string;
    timeEstimate?: number;
    dueTime?: string | null;
    completed?: boolean;
  }>;
  quickWins?: Array<{ text: string; completed?: boolean }>;
  thoughts?: Array<{ content: string; type?: string }>;
  projects?: Array<{
    title: string;
    description?: string | null;
    notes?: string | null;
    bucket?: string;
    deadline?: string | null;
    tasks?: unknown[];
  }>;
  events?: Array<{
    title: string;
    date: string;
    startTime: string;
    duration: number;
    category?: string | null;
    location?: string | null;
    description?: string | null;
  }>;
};

/**
 * Merges an export back in: items whose text already exists are skipped, so importing the same
 * file twice adds nothing. Returns how many items were added.
 */
export async function importData(file: File): Promise<number> {
  const data = JSON.parse(await file.text()) as ImportFile;
  if (typeof data !== "object" || data === null) throw new Error("Not a Daily Compass export");
  const [tasks, wins, thoughts, projects, events] = await Promise.all([
    getJson<Array<{ title: string }>>("/api/tasks"),
    getJson<Array<{ text: string }>>("/api/quick-wins"),
    getJson<Array<{ content: string }>>("/api/thoughts"),
    getJson<Array<{ title: string }>>("/api/projects"),
    getJson<Array<{ title: string; date: string; startTime: string }>>("/api/events"),
  ]);
  let added = 0;
  const seen = (list: string[], value: string) => list.includes(value);
  for (const t of data.tasks ?? []) {
    if (
      seen(
        tasks.map((x) => x.title),
        t.title,
      )
    )
      continue;
    const { completed, ...rest } = t;
    const created = await apiRequest<{ id: number }>("POST", "/api/tasks", {
      title: rest.title,
      category: rest.category,
      timeEstimate: rest.timeEstimate,
      dueTime: rest.dueTime ?? null,
    });
    if (completed) await apiRequest("PATCH", `/api/tasks/${created.id}`, { completed: true });
    added++;
  }
  for (const q of data.quickWins ?? []) {
    if (
      seen(
        wins.map((x) => x.text),
        q.text,
      )
    )
      continue;
    const created = await apiRequest<{ id: number }>("POST", "/api/quick-wins", { text: q.text });
    if (q.completed) await apiRequest("PATCH", `/api/quick-wins/${created.id}`, { completed: true });
    added++;
  }
  for (const th of data.thoughts ?? []) {
    if (
      seen(
        thoughts.map((x) => x.content),
        th.content,
      )
    )
      continue;
    await apiRequest("POST", "/api/thoughts", { content: th.content, type: th.type });
    added++;
  }
  for (const p of data.projects ?? []) {
    if (
      seen(
        projects.map((x) => x.title),
        p.title,
      )
    )
      continue;
    await apiRequest("POST", "/api/projects", {
      title: p.title,
      description: p.description ?? null,
      notes: p.notes ?? null,
      bucket: p.bucket,
      deadline: p.deadline ?? null,
      tasks: p.tasks ?? [],
    });
    added++;
  }
  for (const e of data.events ?? []) {
    if (events.some((x) => x.title === e.title && x.date === e.date && x.startTime === e.startTime)) continue;
    await apiRequest("POST", "/api/events", {
      title: e.title,
      date: e.date,
      startTime: e.startTime,
      duration: e.duration,
      category: e.category ?? null,
      location: e.location ?? null,
      description: e.description ?? null,
    });
    added++;
  }
  return added;
}
