/**
 * Google's OAuth 2.0 endpoints for the calendar connection, through openid-client (the same
 * OAuth implementation as sign-in): incremental consent for calendar events with offline access
 * (a refresh token), access tokens from that refresh token, and revocation.
 */
import * as oauth from "openid-client";
import { CALENDAR_CONNECT_ERRORS } from "../../shared/calendar-connect-errors.ts";
import type { Config } from "../config.ts";
import { RemoteAuthError } from "./provider.ts";

export const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events";
const GOOGLE_ISSUER = "https://accounts.google.com";

export class ConsentError extends Error {}

const isLoopbackHttp = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
};

const clients = new WeakMap<Config, oauth.Configuration>();

/** Google's endpoints come from configuration (tests point them at a local stand-in). */
function googleClient(config: Config): oauth.Configuration {
  let client = clients.get(config);
  if (!client) {
    const { authUrl, tokenUrl, revokeUrl, clientId, clientSecret } = config.google;
    client = new oauth.Configuration(
      {
        issuer: GOOGLE_ISSUER,
        authorization_endpoint: authUrl,
        token_endpoint: tokenUrl,
        revocation_endpoint: revokeUrl,
      },
      clientId ?? "",
      undefined,
      oauth.ClientSecretPost(clientSecret ?? ""),
    );
    client.timeout = 15;
    // Plain http only for a stand-in on this machine (development and tests).
    if ([authUrl, tokenUrl, revokeUrl].some(isLoopbackHttp)) oauth.allowInsecureRequests(client);
    clients.set(config, client);
  }
  return client;
}

export async function googleAuthUrl(
  config: Config,
  opts: { redirectUri: string; state: string; codeVerifier: string },
): Promise<string> {
  const url = oauth.buildAuthorizationUrl(googleClient(config), {
    redirect_uri: opts.redirectUri,
    scope: CALENDAR_SCOPE,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state: opts.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(opts.codeVerifier),
    code_challenge_method: "S256",
  });
  return url.href;
}

/** Exchanges the consent code from Google's redirect; answers the refresh token to keep. */
export async function exchangeConsentCode(
  config: Config,
  opts: { callbackUrl: URL; state: string; redirectUri: string; codeVerifier: string },
): Promise<{ refreshToken: string; accessToken: string; expiresAt: number }> {
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await oauth.authorizationCodeGrant(
      googleClient(config),
      opts.callbackUrl,
      { pkceCodeVerifier: opts.codeVerifier, expectedState: opts.state },
      { redirect_uri: opts.redirectUri },
    );
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError || err instanceof oauth.AuthorizationResponseError) {
      throw new ConsentError(CALENDAR_CONNECT_ERRORS.notAccepted);
    }
    throw err;
  }
  if (tokens.scope !== undefined && !tokens.scope.split(" ").includes(CALENDAR_SCOPE)) {
    throw new ConsentError(CALENDAR_CONNECT_ERRORS.noEvents);
  }
  if (!tokens.refresh_token) throw new ConsentError(CALENDAR_CONNECT_ERRORS.noOfflineAccess);
  return {
    refreshToken: tokens.refresh_token,
    accessToken: tokens.access_token,
    expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000,
  };
}

/** A fresh access token; RemoteAuthError when the refresh token was revoked or expired. */
export async function refreshAccessToken(
  config: Config,
  refreshToken: string,
): Promise<{ accessToken: string; expiresAt: number }> {
  try {
    const tokens = await oauth.refreshTokenGrant(googleClient(config), refreshToken);
    return { accessToken: tokens.access_token, expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000 };
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError && (err.status === 400 || err.status === 401)) {
      throw new RemoteAuthError(`Google refused the refresh token (${err.error})`);
    }
    throw err;
  }
}

/** Asks Google to forget the grant (best effort: the local copy is deleted either way). */
export async function revokeToken(config: Config, token: string): Promise<void> {
  try {
    await oauth.tokenRevocation(googleClient(config), token);
  } catch (err) {
    // 400 means the token was already invalid: nothing left to revoke.
    if (err instanceof oauth.ResponseBodyError && err.status === 400) return;
    throw err;
  }
}
