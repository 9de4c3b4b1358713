import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  convertThoughtInput,
  convertThoughtResponse,
  createThoughtInput,
  idParams,
  thought,
  thoughtListQuery,
  updateThoughtInput,
} from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import { convertThought } from "./convert.ts";
import { createThought, deleteThought, listThoughtPage, listThoughts, updateThought } from "./service.ts";

export function registerThoughtRoutes(
  app: FastifyInstance,
  {
    db,
    keep,
    onEventCreated,
  }: {
    db: Db;
    keep: KeepLimits;
    /** Told after a thought became a calendar event, e.g. to push it to a connected calendar. */
    onEventCreated?: (userId: number) => void;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["thoughts"];
  r.get(
    "/api/thoughts",
    { schema: { tags, querystring: thoughtListQuery, response: { 200: z.array(thought) } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      if (wantsWholeList(req.query)) return listThoughts(db, { userId });
      return sendPage(req, reply, await listThoughtPage(db, { userId, query: req.query }));
    },
  );
  r.post(
    "/api/thoughts",
    { config: { idempotent: true }, schema: { tags, body: createThoughtInput, response: { 201: thought } } },
    async (req, reply) =>
      reply.status(201).send(await createThought(db, { userId: userIdOf(req), keep, input: req.body })),
  );
  r.patch(
    "/api/thoughts/:id",
    { schema: { tags, params: idParams, body: updateThoughtInput, response: { 200: thought } } },
    (req) => updateThought(db, { userId: userIdOf(req), id: req.params.id, input: req.body }),
  );
  r.post(
    "/api/thoughts/:id/convert",
    {
      config: { idempotent: true },
      schema: { tags, params: idParams, body: convertThoughtInput, response: { 200: convertThoughtResponse } },
    },
    async (req) => {
      const userId = userIdOf(req);
      const converted = await convertThought(db, { userId, keep, id: req.params.id, input: req.body });
      if (converted.target.kind === "event") onEventCreated?.(userId);
      return converted;
    },
  );
  r.delete("/api/thoughts/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteThought(db, { userId: userIdOf(req), id: req.params.id });
    return reply.status(204).send();
  });
}
