/**
 * Starts the real server in this process with extra settings, after the caller has started the
 * local stand-ins for third parties (assistant provider, OpenID Connect provider, calendar API)
 * whose addresses go into those settings.
 */
export async function launchApp(env: Record<string, string>): Promise<void> {
  Object.assign(process.env, env);
  await import("../../server/main.ts");
}
