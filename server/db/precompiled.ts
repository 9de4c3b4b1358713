/**
 * Queries built and compiled once per database, then run with new values (docs/decisions/
 * 018-lean-serving.md). Kysely builds a query's operation tree and compiles it to SQL on every
 * call; for the queries that run on nearly every request (the session lookup) that is work done
 * again and again for the same SQL text. Here the builder runs once with a marker for each
 * argument, and each call swaps the markers in the compiled parameters for the values.
 *
 * On SQLite, while no transaction holds the connection, a read runs at once on the kept prepared
 * statement (database.ts, DirectStatements) instead of through Kysely's executor; a write runs in
 * the event-loop turn's shared commit (shared-commits.ts).
 *
 * With `keep`, a read on that direct path is kept until anything is committed to the database
 * (database.ts, kept-reads.ts): its rows are frozen and shared by every caller.
 *
 * The builder must use its arguments only as values (in `where`, `values`, …), never to decide
 * the query's shape: the shape is fixed at the first call.
 */
import type { CompiledQuery } from "kysely";
import { type Db, directStatementsOf } from "./database.ts";

type Slot = { arg: number } | { value: unknown };

export function precompiled<A extends unknown[], O>(
  build: (db: Db, ...args: A) => { compile(): CompiledQuery<O> },
  opts: { keep?: boolean } = {},
): (db: Db, ...args: A) => Promise<O[]> {
  const keep = opts.keep === true;
  // Per database object: SQLite and PostgreSQL write different SQL; a transaction is its own Db.
  const compiled = new WeakMap<Db, { query: CompiledQuery<O>; slots: Slot[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000precompiled-argument-${i}\u0000`);
      const query = build(db, ...(markers as A)).compile();
      const slots = query.parameters.map((p): Slot => {
        const arg = markers.indexOf(p as string);
        return arg === -1 ? { value: p } : { arg };
      });
      if (new Set(slots.flatMap((s) => ("arg" in s ? [s.arg] : []))).size !== args.length) {
        throw new Error(`every argument must be a value of the query: ${query.sql}`);
      }
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const parameters = entry.slots.map((s) => ("arg" in s ? args[s.arg] : s.value));
    // SQLite with no transaction open: run at once, without Kysely's promises around it (a write
    // answers once its shared commit is made).
    const rows = directStatementsOf(db)?.(entry.query.sql, parameters, keep);
    if (rows !== undefined) return rows as O[] | Promise<O[]>;
    const result = await db.executeQuery<O>({ ...entry.query, parameters });
    return result.rows;
  };
}
