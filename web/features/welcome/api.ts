import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WelcomeBack, welcomeBack } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

const PATH = queryKeys.welcomeBack[0];

/**
 * Whether to welcome the person back today, with the older tasks to offer. Read once per visit
 * of the dashboard and then held: the offer must not change under the person while they answer.
 */
export const welcomeBackQuery = () =>
  queryOptions({
    queryKey: queryKeys.welcomeBack,
    queryFn: () => api.get<typeof welcomeBack>(PATH),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

export function useWelcomeBack() {
  return useQuery(welcomeBackQuery());
}

/** The welcome is done ("Not now", closed, or every task answered): not again until the next return. */
export function useDismissWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${PATH}/dismiss`),
    onMutate: () => {
      queryClient.setQueryData<WelcomeBack>(queryKeys.welcomeBack, { show: false, tasks: [] });
    },
  });
}
