import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { publicConfig } from "../../shared/schemas.ts";
import { api } from "../lib/api.ts";
import { FALLBACK_LEGAL, PageDataContext } from "../lib/page-data.ts";
import { queryKeys } from "../lib/query-keys.ts";

export const publicConfigQuery = () =>
  queryOptions({ queryKey: queryKeys.config, queryFn: () => api.query<typeof publicConfig>(queryKeys.config[0]) });

/** Inside the signed-in app: the legal details from /api/config, for the pages that show them. */
export function PageDataFromApi({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQuery());
  const value = { legal: config.data?.legal ?? FALLBACK_LEGAL, year: new Date().getFullYear() };
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}
