import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deleteAllResponse, EXPORT_FORMAT, exportFile, importInput, importResponse } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { Routines } from "../routines/roll-forward.ts";
import { deleteAllData } from "./delete-all.ts";
import { exportData, importData } from "./import-export.ts";

/** An export of a busy year is a few megabytes at most. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/** The file is an export (its `format`), or a hand-written one holding at least one kind of record. */
function looksLikeAnExport(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return true; // the schema says why
  const format = (body as { format?: unknown }).format;
  if (format !== undefined) return format === EXPORT_FORMAT;
  return Object.keys(importInput.shape).some((kind) => kind in body);
}

export function registerDataRoutes(
  app: FastifyInstance,
  {
    db,
    onDeleteAll,
    routines,
    keep,
  }: { db: Db; onDeleteAll: (userId: number) => void; routines: Routines; keep: KeepLimits },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["data"];
  r.post("/api/data/delete-all", { schema: { tags, response: { 200: deleteAllResponse } } }, async (req) => {
    const userId = userIdOf(req);
    const deletedCounts = await deleteAllData(db, { userId });
    onDeleteAll(userId);
    return { deletedCounts };
  });
  r.get("/api/data/export", { schema: { tags, response: { 200: exportFile } } }, async (req, reply) => {
    const data = await exportData(db, { userId: userIdOf(req) });
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="daily-compass-export-${day}.json"`)
      .send(data);
  });
  r.post(
    "/api/data/import",
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importInput, response: { 200: importResponse } },
      // Any JSON would pass as an empty subset ({"hello": "world"} imported nothing and said so
      // as a success): what holds nothing an export has is refused.
      preValidation: async (req) => {
        if (!looksLikeAnExport(req.body)) throw new AppError("BAD_REQUEST", "This file is not a Daily Compass export.");
      },
    },
    async (req) => {
      const userId = userIdOf(req);
      const today = await routines.today(userId, req);
      const result = await importData(db, { userId, keep, input: req.body, today });
      // The file may bring another time zone: today is worked out again on the next read.
      routines.forget(userId);
      return result;
    },
  );
}
