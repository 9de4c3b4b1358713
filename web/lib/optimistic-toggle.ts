import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/toast-store.ts";
import { apiRequest } from "./api.ts";

type Toggleable = { id: number; completed: boolean };

/**
 * Flips `completed` at once, asks the server, and on refusal restores exactly the list that was
 * there before and says so.
 */
export function useOptimisticToggle<T extends Toggleable>(key: readonly [string], errorText: string) {
  const queryClient: QueryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<T>("PATCH", `${key[0]}/${id}/toggle`),
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<T[]>(key);
      queryClient.setQueryData<T[]>(key, (old) =>
        old?.map((x) => (x.id === id ? { ...x, completed: !x.completed } : x)),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: "Error", description: errorText, variant: "destructive" });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<T[]>(key, (old) => old?.map((x) => (x.id === saved.id ? saved : x)));
    },
  });
}
