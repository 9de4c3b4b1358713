import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createEventInput,
  event,
  eventListQuery,
  idParams,
  occurrenceScope,
  updateEventInput,
} from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import type { Routines } from "../routines/roll-forward.ts";
import { createEvent, deleteEvent, getEvent, listEventPage, listEvents, updateEvent } from "./service.ts";

export function registerEventRoutes(
  app: FastifyInstance,
  {
    db,
    routines,
    keep,
    onChange,
  }: {
    db: Db;
    keep: KeepLimits;
    /** Today for the user, with their repeating events carried forward (decision 034). */
    routines: Routines;
    /** Told after a local change, e.g. to push it to a connected calendar. */
    onChange?: (userId: number) => void;
  },
): void {
  const changed = (userId: number) => onChange?.(userId);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];
  r.get(
    "/api/events",
    { schema: { tags, querystring: eventListQuery, response: { 200: z.array(event) } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      await routines.today(userId, req);
      if (wantsWholeList(req.query)) return listEvents(db, { userId });
      return sendPage(req, reply, await listEventPage(db, { userId, query: req.query }));
    },
  );
  r.get("/api/events/:id", { schema: { tags, params: idParams, response: { 200: event } } }, async (req) => {
    const userId = userIdOf(req);
    await routines.today(userId, req);
    return getEvent(db, { userId, id: req.params.id });
  });
  r.post(
    "/api/events",
    { config: { idempotent: true }, schema: { tags, body: createEventInput, response: { 201: event } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      const created = await createEvent(db, { userId, keep, input: req.body, today });
      changed(userId);
      return reply.status(201).send(created);
    },
  );
  r.put(
    "/api/events/:id",
    {
      schema: {
        tags,
        params: idParams,
        querystring: occurrenceScope,
        body: updateEventInput,
        response: { 200: event },
      },
    },
    async (req) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      const updated = await updateEvent(db, {
        userId,
        id: req.params.id,
        input: req.body,
        scope: req.query.scope,
        today,
      });
      changed(userId);
      return updated;
    },
  );
  r.delete(
    "/api/events/:id",
    { schema: { tags, params: idParams, querystring: occurrenceScope } },
    async (req, reply) => {
      const userId = userIdOf(req);
      await deleteEvent(db, { userId, id: req.params.id, scope: req.query.scope });
      changed(userId);
      return reply.status(204).send();
    },
  );
}
