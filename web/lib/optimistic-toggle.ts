import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { toast } from "../components/ui/toast-store.ts";
import { api } from "./api.ts";

type Toggleable = z.ZodType<{ id: number; completed: boolean }>;

/**
 * Flips `completed` at once, asks the server (`PATCH {list path}/{id}/toggle`), and on refusal
 * restores exactly the list that was there before and says so. `S` is the item's shared schema.
 */
export function useOptimisticToggle<S extends Toggleable>(key: readonly [string], errorText: string) {
  type Item = z.output<S>;
  const queryClient: QueryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<S>(`${key[0]}/${id}/toggle`),
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Item[]>(key);
      queryClient.setQueryData<Item[]>(key, (old) =>
        old?.map((x) => (x.id === id ? { ...x, completed: !x.completed } : x)),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: "Error", description: errorText, variant: "destructive" });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Item[]>(key, (old) => old?.map((x) => (x.id === saved.id ? saved : x)));
    },
  });
}
