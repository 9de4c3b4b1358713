/**
 * The only place that reads process.env. Every variable is checked at start; all problems are
 * listed together so a misconfigured deployment fails once, clearly.
 */
import path from "node:path";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

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
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AI_BASE_URL: z.url("must be the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1").optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_TRANSCRIBE_MODEL: z.string().default("whisper-1"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  LEGAL_COMPANY_NAME: z.string().default("the operator of this Daily Compass service"),
  LEGAL_CONTACT_EMAIL: z.string().default("the contact address published by the operator"),
  LEGAL_NOTICE_DAYS: z.coerce.number().int().positive().default(30),
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
  appSecret: string | undefined;
  rateLimitPerMinute: number;
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
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
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
    appSecret: e.APP_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webDist: path.resolve("dist/web"),
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      transcribeModel: e.AI_TRANSCRIBE_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    legal: {
      companyName: e.LEGAL_COMPANY_NAME,
      contactEmail: e.LEGAL_CONTACT_EMAIL,
      noticeDays: e.LEGAL_NOTICE_DAYS,
    },
  };
}
