import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { quickWin } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";
import { queryKeys } from "../../lib/query-keys.ts";

const QUICK_WINS = queryKeys.quickWins[0];

export const quickWinsQuery = () =>
  queryOptions({ queryKey: queryKeys.quickWins, queryFn: () => api.query<z.ZodArray<typeof quickWin>>(QUICK_WINS) });

export function useQuickWins() {
  return useQuery(quickWinsQuery());
}

export function useCreateQuickWin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; userId: number }) => api.post<typeof quickWin>(QUICK_WINS, input),
    onSuccess: (created) => queryClient.setQueryData(quickWinsQuery().queryKey, (old) => [...(old ?? []), created]),
  });
}

export function useToggleQuickWin() {
  return useOptimisticToggle<typeof quickWin>(queryKeys.quickWins, "Failed to update quick win");
}
