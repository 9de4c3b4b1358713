import { queryOptions } from "@tanstack/react-query";
import type { userEnvelope } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-keys.ts";

/** The signed-in user, or null when signed out (a 401) or when the server cannot say. */
async function fetchMe() {
  try {
    const body = await api.get<typeof userEnvelope>(queryKeys.me[0], { nullOn401: true });
    return body?.user ?? null;
  } catch {
    return null;
  }
}

/** The session: kept for good, since every screen reads it. */
export const meQuery = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, gcTime: Number.POSITIVE_INFINITY });

export function signOut() {
  return api.post("/api/auth/logout");
}
