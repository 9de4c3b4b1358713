// The app with an OpenID Connect provider and the Google Calendar API configured (local stand-ins).
// Specs find both through the app itself: /api/auth/google redirects to the provider, and
// /api/google/auth-url points at the calendar stand-in, whose /control/events they use.
import { startFakeGoogle } from "../../server/testing/fake-google-calendar.ts";
import { startOidcProvider } from "../../server/testing/oidc-provider.ts";
import { launchApp } from "./launch.ts";

const port = Number(process.env.PORT ?? 3000);
const publicUrl = `http://127.0.0.1:${port}`;

const oidc = await startOidcProvider({ redirectUri: `${publicUrl}/api/auth/google/callback` });
const google = await startFakeGoogle();

await launchApp({
  PUBLIC_URL: publicUrl,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: oidc.clientId,
  OIDC_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_API_ROOT: google.url,
  GOOGLE_AUTH_URL: `${google.url}/auth`,
  GOOGLE_TOKEN_URL: `${google.url}/token`,
  GOOGLE_REVOKE_URL: `${google.url}/revoke`,
  // The CalDAV specs connect to a Radicale on this machine.
  CALDAV_ALLOW_PRIVATE_NETWORK: "true",
});
