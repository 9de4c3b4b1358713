import { QueryClient } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * Spec section 7: data never goes stale, no focus refetch, no retries; unused data kept 5 minutes.
 * A query without its own `queryFn` GETs its key path.
 *
 * Network mode "always": offline, a call fails at once and the screen says so, instead of being
 * paused until the connection returns (which left buttons saying "Adding..." for ever).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => api.query(String(queryKey[0])),
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: "always",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
