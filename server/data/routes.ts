import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deleteAllResponse } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { Db } from "../db/database.ts";
import { deleteAllData } from "./delete-all.ts";

export function registerDataRoutes(
  app: FastifyInstance,
  { db, onDeleteAll }: { db: Db; onDeleteAll: (userId: number) => void },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post("/api/data/delete-all", { schema: { tags: ["data"], response: { 200: deleteAllResponse } } }, async (req) => {
    const userId = userIdOf(req);
    const deletedCounts = await deleteAllData(db, { userId });
    onDeleteAll(userId);
    return { deletedCounts };
  });
}
