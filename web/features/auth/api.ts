import { queryOptions } from "@tanstack/react-query";
import type { loginResponse, userEnvelope } from "../../../shared/schemas.ts";
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

/** The signed-in user, or null when the account asks for its second factor first (completeSignIn). */
export async function signIn(mode: "login" | "register", username: string, password: string) {
  const body = await api.post<typeof loginResponse>(`/api/auth/${mode}`, { username, password });
  return "user" in body ? body.user : null;
}

/** The second step of a two-factor sign-in: an authenticator or recovery code. */
export async function completeSignIn(code: string) {
  const { user } = await api.post<typeof userEnvelope>("/api/auth/login/2fa", { code });
  return user;
}

export function signOut() {
  return api.post("/api/auth/logout");
}
