/**
 * A repeating event taken back from an export (docs/decisions/034-repeating-events.md): the
 * occurrences in the file that the account lacks become one series, which goes on after the
 * last of them. Occurrences already there are left out before this, so importing twice makes
 * nothing twice.
 */
import type { z } from "zod";
import { addDays } from "../../shared/dates.ts";
import type { createEventInput } from "../../shared/schemas.ts";
import { type Db, nowIso } from "../db/database.ts";
import { assertRoom, type Keeper } from "../keep-limits.ts";
import { fillSeries, occurrenceRow } from "./series.ts";

type Occurrence = z.output<typeof createEventInput>;

export async function importSeries(
  trx: Db,
  opts: Keeper & { occurrences: Occurrence[]; today: string | undefined },
): Promise<void> {
  await assertRoom(trx, opts, "events", opts.occurrences.length);
  const sorted = [...opts.occurrences].sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
  );
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first?.repeat || !last) return;
  const now = nowIso();
  // New occurrences are made like the last one, which has any later edit "of all of them".
  const template = {
    title: last.title,
    description: last.description,
    location: last.location,
    start_time: last.startTime,
    duration: last.duration,
    category: last.category,
  };
  const series = await trx
    .insertInto("event_series")
    .values({
      user_id: opts.userId,
      repeat: first.repeat,
      ...template,
      starts_on: first.date,
      filled_until: last.date,
      ends_on: null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const taken = new Set<string>();
  for (const o of sorted) {
    const row = occurrenceRow(
      opts.userId,
      series.id,
      {
        title: o.title,
        description: o.description,
        location: o.location,
        start_time: o.startTime,
        duration: o.duration,
        category: o.category,
      },
      o.date,
      now,
    );
    // Two occurrences moved onto one day: the second is kept, as an event of the series' own.
    if (taken.has(o.date)) row.series_day = null;
    taken.add(o.date);
    await trx.insertInto("events").values(row).execute();
  }
  await fillSeries(trx, series, opts.today ?? addDays(last.date, 1));
}
