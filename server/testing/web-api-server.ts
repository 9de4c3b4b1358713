/**
 * Vitest global setup for the web's component tests: the real app on a fresh database, listening
 * on 127.0.0.1 at an ephemeral port. Tests read its origin with `inject("apiOrigin")`.
 */
import type { TestProject } from "vitest/node";
import { createTestApp } from "./test-app.ts";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t = await createTestApp();
  const origin = await t.app.listen({ host: "127.0.0.1", port: 0 });
  project.provide("apiOrigin", origin);
  return () => t.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    apiOrigin: string;
  }
}
