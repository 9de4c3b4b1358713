import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuickWin } from "../../../shared/schemas.ts";
import { apiRequest } from "../../lib/api.ts";
import { useOptimisticToggle } from "../../lib/optimistic-toggle.ts";

export const QUICK_WINS_KEY = ["/api/quick-wins"] as const;

export function useQuickWins() {
  return useQuery<QuickWin[]>({ queryKey: QUICK_WINS_KEY });
}

export function useCreateQuickWin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; userId: number }) => apiRequest<QuickWin>("POST", "/api/quick-wins", input),
    onSuccess: (created) => queryClient.setQueryData<QuickWin[]>(QUICK_WINS_KEY, (old) => [...(old ?? []), created]),
  });
}

export function useToggleQuickWin() {
  return useOptimisticToggle<QuickWin>(QUICK_WINS_KEY, "Failed to update quick win");
}
