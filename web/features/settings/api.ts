import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeleteAllResponse, Settings, User } from "../../../shared/schemas.ts";
import { apiRequest } from "../../lib/api.ts";

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
