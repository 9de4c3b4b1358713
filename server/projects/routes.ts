import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createProjectInput,
  idParams,
  type Project,
  project,
  projectListQuery,
  updateProjectInput,
} from "../../shared/schemas.ts";
import { projectEtag } from "../../shared/versions.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { sendPage, wantsWholeList } from "../lists/paging.ts";
import { createProject, deleteProject, getProject, listProjectPage, listProjects, updateProject } from "./service.ts";

function versioned(reply: FastifyReply, p: Project): Project {
  reply.header("etag", projectEtag(p));
  return p;
}

export function registerProjectRoutes(app: FastifyInstance, { db, keep }: { db: Db; keep: KeepLimits }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["projects"];
  r.get(
    "/api/projects",
    { schema: { tags, querystring: projectListQuery, response: { 200: z.array(project) } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      if (wantsWholeList(req.query)) return listProjects(db, { userId });
      return sendPage(req, reply, await listProjectPage(db, { userId, query: req.query }));
    },
  );
  // Each project answered alone carries its version, for a change to send back as If-Match.
  r.get("/api/projects/:id", { schema: { tags, params: idParams, response: { 200: project } } }, async (req, reply) =>
    versioned(reply, await getProject(db, { userId: userIdOf(req), id: req.params.id })),
  );
  r.post(
    "/api/projects",
    { config: { idempotent: true }, schema: { tags, body: createProjectInput, response: { 201: project } } },
    async (req, reply) =>
      reply.status(201).send(await createProject(db, { userId: userIdOf(req), keep, input: req.body })),
  );
  r.put(
    "/api/projects/:id",
    { schema: { tags, params: idParams, body: updateProjectInput, response: { 200: project } } },
    async (req, reply) => {
      const ifMatch = req.headers["if-match"];
      const input = { userId: userIdOf(req), keep, id: req.params.id, input: req.body, ifMatch };
      return versioned(reply, await updateProject(db, input));
    },
  );
  r.delete("/api/projects/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteProject(db, { userId: userIdOf(req), id: req.params.id });
    return reply.status(204).send();
  });
}
