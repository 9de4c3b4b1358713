import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createEventInput, event, idParams, updateEventInput } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Db } from "../db/database.ts";
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from "./service.ts";

export function registerEventRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["events"];
  r.get("/api/events", { schema: { tags, response: { 200: z.array(event) } } }, (req) =>
    listEvents(db, { userId: userIdOf(req) }),
  );
  r.get("/api/events/:id", { schema: { tags, params: idParams, response: { 200: event } } }, (req) =>
    getEvent(db, { userId: userIdOf(req), id: req.params.id }),
  );
  r.post("/api/events", { schema: { tags, body: createEventInput, response: { 201: event } } }, async (req, reply) =>
    reply.status(201).send(await createEvent(db, { userId: userIdOf(req), input: req.body })),
  );
  r.put(
    "/api/events/:id",
    { schema: { tags, params: idParams, body: updateEventInput, response: { 200: event } } },
    (req) => updateEvent(db, { userId: userIdOf(req), id: req.params.id, input: req.body }),
  );
  r.delete("/api/events/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteEvent(db, { userId: userIdOf(req), id: req.params.id });
    return reply.status(204).send();
  });
}
