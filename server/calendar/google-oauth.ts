/**
 * Google's OAuth 2.0 endpoints for the calendar connection: incremental consent for calendar
 * events with offline access (a refresh token), and access tokens from that refresh token.
 */
import type { Config } from "../config.ts";
import { RemoteAuthError } from "./provider.ts";

export const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events";

export class ConsentError extends Error {}

export function googleAuthUrl(
  config: Config,
  opts: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(config.google.authUrl);
  url.search = new URLSearchParams({
    client_id: config.google.clientId ?? "",
    redirect_uri: opts.redirectUri,
    response_type: "code",
    scope: CALENDAR_SCOPE,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state: opts.state,
    code_challenge: opts.codeChallenge,
    code_challenge_method: "S256",
  }).toString();
  return url.href;
}

type TokenResponse = {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  error?: string;
};

async function tokenRequest(
  config: Config,
  params: Record<string, string>,
): Promise<{ status: number; body: TokenResponse }> {
  const res = await fetch(config.google.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      client_id: config.google.clientId ?? "",
      client_secret: config.google.clientSecret ?? "",
      ...params,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as TokenResponse;
  return { status: res.status, body };
}

/** Exchanges the consent code; answers the refresh token to keep. */
export async function exchangeConsentCode(
  config: Config,
  opts: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ refreshToken: string; accessToken: string; expiresAt: number }> {
  const { status, body } = await tokenRequest(config, {
    grant_type: "authorization_code",
    code: opts.code,
    redirect_uri: opts.redirectUri,
    code_verifier: opts.codeVerifier,
  });
  if (status !== 200 || !body.access_token) throw new ConsentError("Google did not accept the authorization.");
  if (body.scope !== undefined && !body.scope.split(" ").includes(CALENDAR_SCOPE)) {
    throw new ConsentError("Access to your calendar events was not granted.");
  }
  if (!body.refresh_token) throw new ConsentError("Google did not grant offline access. Please try again.");
  return {
    refreshToken: body.refresh_token,
    accessToken: body.access_token,
    expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000,
  };
}

/** A fresh access token; RemoteAuthError when the refresh token was revoked or expired. */
export async function refreshAccessToken(
  config: Config,
  refreshToken: string,
): Promise<{ accessToken: string; expiresAt: number }> {
  const { status, body } = await tokenRequest(config, { grant_type: "refresh_token", refresh_token: refreshToken });
  if (status === 400 || status === 401)
    throw new RemoteAuthError(`Google refused the refresh token (${body.error ?? status})`);
  if (status !== 200 || !body.access_token) throw new Error(`Google token endpoint answered ${status}`);
  return { accessToken: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
}

/** Asks Google to forget the grant (best effort: the local copy is deleted either way). */
export async function revokeToken(config: Config, token: string): Promise<void> {
  const res = await fetch(config.google.revokeUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  if (!res.ok && res.status !== 400) throw new Error(`Google revoke endpoint answered ${res.status}`);
}
