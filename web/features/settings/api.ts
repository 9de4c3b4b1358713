import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { aiKeyStatus } from "../../../shared/ai-schemas.ts";
import type { Settings, settings, userEnvelope } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { browserTimeZone } from "../../lib/dates.ts";
import { queryKeys } from "../../lib/query-keys.ts";

const SETTINGS = queryKeys.settings[0];

export const settingsQuery = () =>
  queryOptions({ queryKey: queryKeys.settings, queryFn: () => api.query<typeof settings>(SETTINGS) });

export function useSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQuery(), ...options });
}

export function saveSettings(patch: Partial<Settings>) {
  return api.put<typeof settings>(SETTINGS, patch);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQuery().queryKey, saved),
  });
}

/** The user's zone decides "today" (decisions.md); the browser's until settings arrive. */
export function useTimeZone(): string {
  const current = useSettings();
  return current.data?.timeZone || browserTimeZone();
}

/** Stores the theme on its own, as the spec's client does. */
export function saveTheme(theme: Settings["theme"]) {
  return api.post("/api/theme", { appearance: theme });
}

export function updateAccount(input: { displayName: string | null; email: string | null }) {
  return api.patch<typeof userEnvelope>(queryKeys.me[0], input);
}

export function changePassword(input: { currentPassword?: string; newPassword: string }) {
  return api.post("/api/auth/password", input);
}

export function saveAiKey(key: string) {
  return api.put<typeof aiKeyStatus>("/api/ai/key", { key }, { slow: true });
}
