import type { Kysely } from "kysely";

/**
 * Personal display settings (docs/decisions/023-personal-display-settings.md), stored with the
 * user's other settings so they follow the person to every device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, fallback] of [
    ["text_size", "normal"],
    ["reading_font", "default"],
    ["reduced_motion", "system"],
    ["contrast", "normal"],
  ] as const) {
    await db.schema
      .alterTable("user_settings")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema
    .alterTable("user_settings")
    .addColumn("low_stimulation", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Until the person picks a zone in Settings, it follows the device they use (decision 007).
  await db.schema
    .alterTable("user_settings")
    .addColumn("follow_device_zone", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}
