/**
 * The only place that reads process.env. Every variable is checked at start; all problems are
 * listed together so a misconfigured deployment fails once, clearly.
 */
import path from "node:path";
import { z } from "zod";
import { KEEP_AT_MOST, type KeptKind } from "../shared/constants.ts";

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const keptKinds = Object.keys(KEEP_AT_MOST) as KeptKind[];

/** `ACCOUNT_LIMITS`: "kind=number" pairs, comma-separated, each replacing one bound of KEEP_AT_MOST. */
const accountLimits = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const limits: Partial<Record<KeptKind, number>> = {};
    for (const pair of (raw ?? "").split(",").map((p) => p.trim())) {
      if (pair === "") continue;
      const [kind, value, extra] = pair.split("=").map((p) => p.trim());
      const n = Number(value);
      if (extra !== undefined || !keptKinds.includes(kind as KeptKind) || !Number.isSafeInteger(n) || n < 0) {
        ctx.addIssue({
          code: "custom",
          message: `"${pair}" is not kind=number with a whole number of 0 or more and a kind among ${keptKinds.join(", ")}`,
        });
        return z.NEVER;
      }
      limits[kind as KeptKind] = n;
    }
    return limits;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave unset for embedded SQLite)")
    .optional(),
  PUBLIC_URL: z.url("must be an absolute URL such as https://compass.example.org").optional(),
  TRUST_PROXY: boolish,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SLOW_REQUEST_MS: z.coerce.number().int().positive().default(500),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().positive().default(20),
  ACCOUNT_LIMITS: accountLimits,
  AI_BASE_URL: z.url("must be the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1").optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TRANSCRIBE_MODEL: z.string().default("whisper-1"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  LEGAL_COMPANY_NAME: z.string().default("the operator of this Daily Compass service"),
  LEGAL_CONTACT_EMAIL: z.string().default("the contact address published by the operator"),
  LEGAL_NOTICE_DAYS: z.coerce.number().int().positive().default(30),
  OIDC_ISSUER: z.url("must be the issuer URL of an OpenID Connect provider").default("https://accounts.google.com"),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_API_ROOT: z.url("must be the root URL of the Google APIs").default("https://www.googleapis.com"),
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_REVOKE_URL: z.url().default("https://oauth2.googleapis.com/revoke"),
  CALENDAR_SYNC_INTERVAL_MINUTES: z.coerce.number().min(0, "must be 0 (off) or more").optional(),
  CALDAV_ALLOW_PRIVATE_NETWORK: boolish,
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: address or an https:// URL")
    .optional(),
  REMINDER_CHECK_SECONDS: z.coerce.number().min(0, "must be 0 (off) or more").optional(),
  PUSH_ALLOW_PRIVATE_NETWORK: boolish,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** Cookies get Secure and the __Host- prefix when the public URL is https. */
  secureCookies: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Requests taking longer than this are logged at warn; others only at debug. */
  slowRequestMs: number;
  appSecret: string | undefined;
  rateLimitPerMinute: number;
  /** New accounts per hour per client address. */
  signUpsPerHour: number;
  /** The most one person keeps of each kind (KEEP_AT_MOST, with ACCOUNT_LIMITS over it). */
  keep: KeepLimits;
  /** Directory holding the built web app; absent in API-only tests. */
  webDist: string | undefined;
  legal: { companyName: string; contactEmail: string; noticeDays: number };
  /** Server-wide assistant provider; without baseUrl or apiKey the offline assistant answers. */
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    transcribeModel: string;
    timeoutMs: number;
  };
  /** Third-party sign-in; undefined when no client is configured (the /login page takes over). */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  /** Google Calendar connection; the OAuth client is GOOGLE_* or, failing that, OIDC_*. */
  google: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    authUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    apiRoot: string;
  };
  /** Background calendar sync period per connected user; 0 turns the schedule off. */
  calendarSyncIntervalMs: number;
  /** Whether users may point CalDAV at loopback or private addresses (self-hosted servers on a LAN). */
  caldavAllowPrivateNetwork: boolean;
  /** How long a stopping server lets requests in flight finish before it closes their connections. */
  shutdownGraceMs: number;
  /** Web Push reminders (decision 031). */
  push: {
    /** A configured VAPID key pair; without one the server makes its own on first start. */
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string;
    /** How often due reminders are looked for; 0 turns sending off. */
    checkIntervalMs: number;
    /** Whether push services on loopback or private addresses may be used (a local push service). */
    allowPrivateNetwork: boolean;
  };
};

/** The most one person keeps of each kind (docs/decisions/070-what-one-account-can-keep.md). */
export type KeepLimits = Record<KeptKind, number>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const oidcClientId = e.OIDC_CLIENT_ID ?? e.GOOGLE_CLIENT_ID;
  const oidcClientSecret = e.OIDC_CLIENT_SECRET ?? e.GOOGLE_CLIENT_SECRET;
  // Tests create many short-lived apps; they opt in to the schedule explicitly.
  const syncMinutes = e.CALENDAR_SYNC_INTERVAL_MINUTES ?? (e.NODE_ENV === "test" ? 0 : 5);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    appSecret: e.APP_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signUpsPerHour: e.SIGN_UPS_PER_HOUR,
    keep: { ...KEEP_AT_MOST, ...e.ACCOUNT_LIMITS },
    webDist: path.resolve("dist/web"),
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      transcribeModel: e.AI_TRANSCRIBE_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    oidc: oidcClientId ? { issuer: e.OIDC_ISSUER, clientId: oidcClientId, clientSecret: oidcClientSecret } : undefined,
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? e.OIDC_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? e.OIDC_CLIENT_SECRET,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
      apiRoot: e.GOOGLE_API_ROOT.replace(/\/+$/, ""),
    },
    calendarSyncIntervalMs: Math.round(syncMinutes * 60_000),
    caldavAllowPrivateNetwork: e.CALDAV_ALLOW_PRIVATE_NETWORK,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith("https://")
          ? new URL(e.PUBLIC_URL).origin
          : "mailto:reminders@daily-compass.invalid"),
      checkIntervalMs: Math.round((e.REMINDER_CHECK_SECONDS ?? (e.NODE_ENV === "test" ? 0 : 30)) * 1000),
      allowPrivateNetwork: e.PUSH_ALLOW_PRIVATE_NETWORK,
    },
    legal: {
      companyName: e.LEGAL_COMPANY_NAME,
      contactEmail: e.LEGAL_CONTACT_EMAIL,
      noticeDays: e.LEGAL_NOTICE_DAYS,
    },
  };
}
