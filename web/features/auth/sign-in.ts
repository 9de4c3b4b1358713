/**
 * Signing in with a username and password: plain calls, no query cache, so the public sign-in
 * page loads without the signed-in app's code. After a sign-in the page loads `/` afresh.
 */
import type { loginResponse, userEnvelope } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { forgetCachedAnswers } from "../../lib/offline-caches.ts";

/** The signed-in user, or null when the account asks for its second factor first (completeSignIn). */
export async function signIn(mode: "login" | "register", username: string, password: string) {
  const body = await api.post<typeof loginResponse>(`/api/auth/${mode}`, { username, password });
  // Nothing another account left for offline use may show for this one.
  await forgetCachedAnswers();
  return "user" in body ? body.user : null;
}

/** The second step of a two-factor sign-in: an authenticator or recovery code. */
export async function completeSignIn(code: string) {
  const { user } = await api.post<typeof userEnvelope>("/api/auth/login/2fa", { code });
  await forgetCachedAnswers();
  return user;
}
