import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig, publicConfig } from "../../shared/schemas.ts";
import { api } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

const FALLBACK: PublicConfig = {
  legal: { companyName: "Daily Compass", contactEmail: "privacy@example.com", noticeDays: 30 },
  oidcEnabled: false,
};

export const publicConfigQuery = () =>
  queryOptions({ queryKey: queryKeys.config, queryFn: () => api.query<typeof publicConfig>(queryKeys.config[0]) });

export function usePublicConfig(): PublicConfig {
  const query = useQuery(publicConfigQuery());
  return query.data ?? FALLBACK;
}
