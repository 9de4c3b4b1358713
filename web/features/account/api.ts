import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  DeleteAccountInput,
  DisableTwoFactorInput,
  deviceSession,
  recoveryCodesResponse,
  revokedSessions,
  twoFactorSetup,
  twoFactorStatus,
} from "../../../shared/schemas.ts";
import { api, apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api.query<typeof twoFactorStatus>(queryKeys.twoFactor[0]),
  });

/** Looked at afresh each time the card shows: another device may have signed in or out meanwhile. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.sessions,
    queryFn: () => api.query<z.ZodArray<typeof deviceSession>>(queryKeys.sessions[0]),
    staleTime: 0,
  });

/** A new secret for the authenticator app; nothing changes for sign-in until a code confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<typeof twoFactorSetup>("/api/auth/2fa/setup") });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<typeof recoveryCodesResponse>("/api/auth/2fa/enable", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => api.post("/api/auth/2fa/disable", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
    // The device leaves the list at once, then the list is read again.
    onSuccess: (_, id) => {
      queryClient.setQueryData(sessionsQuery().queryKey, (list) => list?.filter((s) => s.id !== id));
      return queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<typeof revokedSessions>("/api/auth/sessions/revoke-others"),
    onSuccess: () => {
      queryClient.setQueryData(sessionsQuery().queryKey, (list) => list?.filter((s) => s.current));
      return queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

/**
 * Deletes the account and everything in it; the server ends its sessions on every device. A wrong
 * password (or username) is refused as a 400 on that field, and nothing changes.
 */
export function useDeleteAccount() {
  return useMutation({
    // Waited for: an account with years in it takes a moment to delete.
    mutationFn: (input: DeleteAccountInput) => apiRequest<null>("DELETE", "/api/auth/account", input, { slow: true }),
  });
}
