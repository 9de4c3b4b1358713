/**
 * The app pointed at the local Google stand-in, and a person's consent to their calendar gone
 * through as a browser would: the consent address, the approval, the callback with its flow
 * cookie, then the first sync awaited.
 */
import { expect } from "vitest";
import type { FakeGoogle } from "./fake-google-calendar.ts";
import type { TestApp } from "./test-app.ts";

/** The settings that send every Google call of the app to `g`. */
export function googleSettings(g: FakeGoogle): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: g.clientId,
    GOOGLE_CLIENT_SECRET: g.clientSecret,
    GOOGLE_API_ROOT: g.url,
    GOOGLE_AUTH_URL: `${g.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${g.url}/token`,
    GOOGLE_REVOKE_URL: `${g.url}/revoke`,
  };
}

/** Connects the calendar of the person signed in with `cookie`, and waits for its first sync. */
export async function consentToGoogle(t: TestApp, g: FakeGoogle, cookie: string): Promise<void> {
  const start = await t.app.inject({ method: "GET", url: "/api/google/auth-url", headers: { cookie } });
  expect(start.statusCode).toBe(200);
  const authUrl = new URL(start.json().authUrl);
  const flow = start.cookies.find((c) => c.name.endsWith("dc_flow_google_calendar"));
  const code = g.approve(authUrl.href);
  const res = await t.app.inject({
    method: "GET",
    url: `/api/google/callback?code=${code}&state=${encodeURIComponent(authUrl.searchParams.get("state") ?? "")}`,
    headers: { cookie: `${cookie}; ${flow?.name}=${flow?.value}` },
  });
  expect(res.headers.location).toBe("/settings?google_connected=true");
  await t.app.calendarSync.idle();
}
