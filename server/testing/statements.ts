import type { CompiledQuery, KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from "kysely";
import type { Db } from "../db/database.ts";

/** Runs `call` on a handle to `db` that records every statement it sends, and answers them. */
export async function statementsOf(db: Db, call: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await call(db.withPlugin(recorder));
  return seen;
}
