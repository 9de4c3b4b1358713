import type { Selectable, Updateable } from "kysely";
import { z } from "zod";
import { projectProgress } from "../../shared/constants.ts";
import type {
  createProjectInput,
  Project,
  ProjectTask,
  projectListQuery,
  updateProjectInput,
} from "../../shared/schemas.ts";
import { projectEtag } from "../../shared/versions.ts";
import { type Db, fromBool, inTransaction, nowIso, toBool } from "../db/database.ts";
import { deleteOwned } from "../db/owned.ts";
import type { ProjectsTable } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { assertRoom, holdKeptCounts, type Keeper, limitReached } from "../keep-limits.ts";
import { cursorValue, decodeCursor, encodeCursor, type Page, pageLimit, takePage } from "../lists/paging.ts";
import { checkIfMatch } from "../preconditions.ts";

const columns = [
  "id",
  "user_id",
  "title",
  "description",
  "notes",
  "bucket",
  "deadline",
  "progress",
  "created_at",
] as const;

type ProjectRow = Pick<Selectable<ProjectsTable>, (typeof columns)[number]>;

function toProject(row: ProjectRow, tasks: ProjectTask[]): Project {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    notes: row.notes,
    bucket: row.bucket as Project["bucket"],
    deadline: row.deadline,
    progress: row.progress,
    tasks,
    createdAt: row.created_at,
  };
}

async function tasksByProject(db: Db, projectIds: number[]): Promise<Map<number, ProjectTask[]>> {
  const byProject = new Map<number, ProjectTask[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom("project_tasks")
    .select(["project_id", "task_key", "title", "completed"])
    .where("project_id", "in", projectIds)
    .orderBy("project_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list.push({ id: row.task_key, title: row.title, completed: toBool(row.completed) });
    byProject.set(row.project_id, list);
  }
  return byProject;
}

export async function listProjects(db: Db, opts: { userId: number }): Promise<Project[]> {
  const rows = await db
    .selectFrom("projects")
    .select(columns)
    .where("user_id", "=", opts.userId)
    .orderBy("id")
    .execute();
  const tasks = await tasksByProject(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProject(r, tasks.get(r.id) ?? []));
}

const idCursor = z.tuple([z.literal("id"), cursorValue.int]);

/** One page of the user's projects by id, each with its tasks. */
export async function listProjectPage(
  db: Db,
  opts: { userId: number; query: z.output<typeof projectListQuery> },
): Promise<Page<Project>> {
  const limit = pageLimit(opts.query);
  const base = db.selectFrom("projects").where("user_id", "=", opts.userId);
  const total = async () => Number((await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const cursor = opts.query.cursor ? decodeCursor(opts.query.cursor, idCursor) : undefined;
  let q = base.select(columns);
  if (cursor) q = q.where("id", ">", cursor[1]);
  const [rows, n] = await Promise.all([
    q
      .orderBy("id")
      .limit(limit + 1)
      .execute(),
    total(),
  ]);
  const page = takePage(rows, limit, (r) => encodeCursor(["id", r.id]));
  const tasks = await tasksByProject(
    db,
    page.rows.map((r) => r.id),
  );
  return { items: page.rows.map((r) => toProject(r, tasks.get(r.id) ?? [])), total: n, nextCursor: page.next };
}

export async function getProject(db: Db, opts: { userId: number; id: number }): Promise<Project> {
  const row = await db
    .selectFrom("projects")
    .select(columns)
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .executeTakeFirst();
  if (!row) throw notFound("Project");
  const tasks = await tasksByProject(db, [row.id]);
  return toProject(row, tasks.get(row.id) ?? []);
}

async function replaceTasks(trx: Db, projectId: number, tasks: ProjectTask[]): Promise<void> {
  await trx.deleteFrom("project_tasks").where("project_id", "=", projectId).execute();
  if (tasks.length === 0) return;
  await trx
    .insertInto("project_tasks")
    .values(
      tasks.map((t, position) => ({
        project_id: projectId,
        task_key: t.id,
        position,
        title: t.title,
        completed: fromBool(t.completed),
      })),
    )
    .execute();
}

/**
 * Refuses a project's tasks growing to `count` (from what `projectId` holds now; none for a new
 * project) when the user's projects together would then hold more tasks than their bound. A change
 * that does not add tasks (a tick, a title, a task taken away) is never refused, so nothing is
 * counted for it.
 */
async function assertRoomForProjectTasks(
  trx: Db,
  keeper: Keeper,
  projectId: number | null,
  count: number,
  field = "tasks",
): Promise<void> {
  const before =
    projectId === null
      ? 0
      : Number(
          (
            await trx
              .selectFrom("project_tasks")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("project_id", "=", projectId)
              .executeTakeFirstOrThrow()
          ).n,
        );
  if (count <= before) return;
  // Another project's tasks growing at the same moment waits for this change, and then counts these.
  await holdKeptCounts(trx, keeper.userId);
  const { n } = await trx
    .selectFrom("project_tasks")
    .innerJoin("projects", "projects.id", "project_tasks.project_id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("projects.user_id", "=", keeper.userId)
    .executeTakeFirstOrThrow();
  const limit = keeper.keep.projectTasks;
  if (Number(n) - before + count > limit) throw limitReached("projectTasks", limit, field);
}

/**
 * Progress is derived from the tasks on every write, so it can never disagree with them. `field`
 * is what a refusal past a bound names (the import names its list of projects).
 */
export async function createProject(
  db: Db,
  opts: Keeper & { input: z.output<typeof createProjectInput>; field?: string },
): Promise<Project> {
  const { input } = opts;
  const id = await inTransaction(db, async (trx) => {
    await assertRoom(trx, opts, "projects", 1, opts.field);
    await assertRoomForProjectTasks(trx, opts, null, input.tasks.length, opts.field);
    const now = nowIso();
    const row = await trx
      .insertInto("projects")
      .values({
        user_id: opts.userId,
        title: input.title,
        description: input.description,
        notes: input.notes,
        bucket: input.bucket,
        deadline: input.deadline,
        progress: projectProgress(input.tasks),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replaceTasks(trx, row.id, input.tasks);
    return row.id;
  });
  return getProject(db, { userId: opts.userId, id });
}

/**
 * Marks the project changed and holds its row to the end of the transaction: on PostgreSQL a
 * second change to the same project waits here until the first is committed, so what it reads
 * next is what the first left. Another user's project, or none, is 'Project not found'.
 */
export async function holdProject(trx: Db, opts: { userId: number; id: number }): Promise<void> {
  const held = await trx
    .updateTable("projects")
    .set({ updated_at: nowIso() })
    .where("id", "=", opts.id)
    .where("user_id", "=", opts.userId)
    .returning("id")
    .executeTakeFirst();
  if (!held) throw notFound("Project");
}

/**
 * With `ifMatch` (the request's If-Match), the change is made only to the project as it was read:
 * when the project has changed since, nothing is saved (docs/decisions/055-versions.md).
 */
export async function updateProject(
  db: Db,
  opts: Keeper & { id: number; input: z.output<typeof updateProjectInput>; ifMatch?: string },
): Promise<Project> {
  const { input } = opts;
  await inTransaction(db, async (trx) => {
    await holdProject(trx, opts);
    if (opts.ifMatch !== undefined) checkIfMatch(opts.ifMatch, projectEtag(await getProject(trx, opts)), "project");
    if (input.tasks !== undefined) await assertRoomForProjectTasks(trx, opts, opts.id, input.tasks.length);
    const patch: Updateable<ProjectsTable> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.notes !== undefined) patch.notes = input.notes;
    if (input.bucket !== undefined) patch.bucket = input.bucket;
    if (input.deadline !== undefined) patch.deadline = input.deadline;
    if (input.tasks !== undefined) {
      patch.progress = projectProgress(input.tasks);
      await replaceTasks(trx, opts.id, input.tasks);
    }
    if (Object.keys(patch).length > 0) {
      await trx.updateTable("projects").set(patch).where("id", "=", opts.id).execute();
    }
  });
  return getProject(db, opts);
}

export function deleteProject(db: Db, opts: { userId: number; id: number }): Promise<void> {
  return deleteOwned(db, "projects", opts, "Project");
}
