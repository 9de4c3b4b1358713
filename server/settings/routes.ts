import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { moodEntry, moodInput, settings, themeInput, updateSettingsInput } from "../../shared/schemas.ts";
import { userIdOf } from "../auth/request-user.ts";
import type { KeepLimits } from "../config.ts";
import type { Db } from "../db/database.ts";
import { getSettings, keepNewestMoods, listMoods, recordMood, updateSettings } from "./service.ts";

export function registerSettingsRoutes(
  app: FastifyInstance,
  { db, keep, onZoneChange }: { db: Db; keep: KeepLimits; onZoneChange: (userId: number) => void },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["settings"];
  r.get("/api/settings", { schema: { tags, response: { 200: settings } } }, (req) =>
    getSettings(db, { userId: userIdOf(req) }),
  );
  r.put("/api/settings", { schema: { tags, body: updateSettingsInput, response: { 200: settings } } }, async (req) => {
    const userId = userIdOf(req);
    const next = await updateSettings(db, { userId, input: req.body });
    // "Today" for the user's routines follows their zone (docs/decisions/032-routines.md).
    if (req.body.timeZone !== undefined) onZoneChange(userId);
    return next;
  });
  r.post("/api/theme", { schema: { tags, body: themeInput, response: { 200: themeInput } } }, async (req) => {
    const next = await updateSettings(db, { userId: userIdOf(req), input: { theme: req.body.appearance } });
    return { appearance: next.theme };
  });
  r.get("/api/mood", { schema: { tags, response: { 200: z.array(moodEntry) } } }, (req) =>
    listMoods(db, { userId: userIdOf(req) }),
  );
  r.post("/api/mood", { schema: { tags, body: moodInput, response: { 200: moodEntry } } }, async (req) => {
    const userId = userIdOf(req);
    // Without a date the entry is for "today" in the user's own time zone.
    const date = req.body.date ?? todayIn((await getSettings(db, { userId })).timeZone);
    const entry = await recordMood(db, { userId, mood: req.body.mood, date });
    await keepNewestMoods(db, { userId, keep });
    return entry;
  });
}

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}
