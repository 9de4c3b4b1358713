import { type Kysely, sql } from "kysely";
import { foldWords } from "../../../shared/search-words.ts";
import type { MigrationContext } from "../migrate.ts";

/** Rows read at a time while the folded words are filled in. */
const BATCH = 5000;

/**
 * Finding a task or a quick win by its words (docs/decisions/052-find-a-task.md):
 * `tasks.search_text` and `quick_wins.search_text` hold the title or text folded for finding
 * (shared/search-words.ts: accents off, lower case), which a search matches with `like`. Folding
 * is the app's, not the database's: SQLite's `lower()` knows only ASCII and neither database
 * takes accents off without an extension.
 *
 * Rows already there are filled in: by the database's `lower()` at once, which is the folded form
 * of ASCII text, then row by row where folding does more.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const [table, column] of [
    ["tasks", "title"],
    ["quick_wins", "text"],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await sql`update ${sql.table(table)} set search_text = lower(${sql.ref(column)})`.execute(db);
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ id: number; words: string }>`
        select id, ${sql.ref(column)} as words from ${sql.table(table)}
        where id > ${after} order by id limit ${BATCH}`.execute(db);
      for (const row of rows) {
        const folded = foldWords(row.words);
        if (folded !== row.words.replace(/[A-Z]/g, (c) => c.toLowerCase())) {
          await sql`update ${sql.table(table)} set search_text = ${folded} where id = ${row.id}`.execute(db);
        }
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = last.id;
    }
  }
}
