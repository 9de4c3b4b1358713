import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";

export type AssistantHandle = {
  /** Drops everything remembered about a user (cached answers); called by Delete All Data. */
  forgetUser: (userId: number) => void;
};

/** Registers the /api/ai/* routes. */
export function registerAiRoutes(_app: FastifyInstance, _deps: { config: Config; db: Db }): AssistantHandle {
  return { forgetUser: () => {} };
}
