import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { projectTasksResponse } from "../../../shared/ai-schemas.ts";
import { listUrl } from "../../../shared/list-url.ts";
import type { CreateProjectInput, Project, ProjectListParams, ProjectTask, project } from "../../../shared/schemas.ts";
import { projectEtag } from "../../../shared/versions.ts";
import { inToast } from "../../components/ui/toast-store.ts";
import { ApiError, api } from "../../lib/api.ts";
import { forgetDraft } from "../../lib/draft.ts";
import { refreshPages } from "../../lib/list-cache.ts";
import { madeToWhatIsThere } from "../../lib/made-to-what-is-there.ts";
import {
  createOrKeep,
  deleteWaitsFor,
  type Saved,
  withWaitingChanges,
  withWaitingChangesNow,
} from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { undoableDeletes } from "../../lib/undoable.ts";
import { sendOrKeepChange } from "../../lib/waiting-change.ts";
import { projectDrafts } from "./draft.ts";

const PROJECTS = queryKeys.projects[0];

export const projectsQuery = () =>
  queryOptions({
    queryKey: queryKeys.projects,
    // A project deleted offline stays out of every read until its delete is sent (decision 029).
    queryFn: async () => withWaitingChanges(PROJECTS, await api.query<z.ZodArray<typeof project>>(PROJECTS)),
  });

export const projectQuery = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.project(id),
    queryFn: async () => {
      const path = queryKeys.project(id)[0];
      // Deleted on this device, its delete still waiting: gone here, as it will be everywhere.
      if (await deleteWaitsFor(path)) throw new ApiError(404, "Project not found", { code: "NOT_FOUND" });
      try {
        // A change of its name and the rest waiting on this device shows on it too (decision 086).
        const read = await api.query<typeof project>(path);
        const [shown] = await withWaitingChanges(PROJECTS, [read]);
        return shown ?? read;
      } catch (error) {
        // Deleted elsewhere (another device): what was being written on its page here has nowhere to go.
        if (id !== null && error instanceof ApiError && error.code === "NOT_FOUND") {
          for (const name of projectDrafts(id)) forgetDraft(name);
        }
        throw error;
      }
    },
  });

export function useProjects() {
  return useQuery(projectsQuery());
}

/** The first few projects, for the assistant's context on the dashboard. */
export const someProjectsQuery = (limit: number) => {
  const params: ProjectListParams = { limit };
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.projects, params),
    queryFn: async () =>
      (await withWaitingChanges(PROJECTS, await api.page<typeof project>(listUrl(PROJECTS, params)))).items,
  });
};

/** `enabled: false` holds the read back (the dashboard asks only once its first draw is done). */
export function useSomeProjects(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...someProjectsQuery(limit), enabled });
}

export function useProject(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...projectQuery(id),
    enabled: id !== null,
    // The list already in memory answers at once; the server is asked only when it is not.
    initialData: () => queryClient.getQueryData(projectsQuery().queryKey)?.find((p) => p.id === id),
  });
}

/**
 * Creates a project with a new Idempotency-Key (decision 028). When the server cannot be reached
 * or cannot serve it just now, it waits on this device with that key and is sent later
 * (docs/decisions/085-a-new-project-offline.md): listed in its category, marked, not yet openable.
 */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: CreateProjectInput & { userId: number }): Promise<Saved<Project>> =>
      createOrKeep({ userId, path: PROJECTS, body: input, label: input.title, action: "Project" }, (key) =>
        api.post<typeof project>(PROJECTS, input, { idempotencyKey: key }),
      ),
    onSuccess: ({ saved: created }) => {
      if (!created) return;
      queryClient.setQueryData(projectsQuery().queryKey, (old) => (old ? [...old, created] : old));
      queryClient.setQueryData(projectQuery(created.id).queryKey, created);
      void refreshPages(queryClient, queryKeys.projects);
    },
  });
}

/** What the detail screen changes: its tasks and progress, its notes, or its name and the rest (Edit project). */
export type ProjectPatch = Partial<
  Pick<Project, "tasks" | "progress" | "notes" | "title" | "description" | "bucket" | "deadline">
>;

/** A change to a project's tasks, made to the tasks the project holds when it is sent. */
export type TasksChange = (tasks: ProjectTask[]) => ProjectPatch;

/** The notes as written on this page, saved over the notes the page shows. */
export type NotesChange = { notesOver: string | null; notes: string };

/**
 * The notes were saved elsewhere since this page showed them: nothing was saved, and the page now
 * shows them. A refusal, as the server's 412 is: it is not kept on the device to be sent later.
 */
export class NotesChangedElsewhere extends ApiError {
  constructor() {
    super(412, "They were changed elsewhere after you began.", { code: "PRECONDITION_FAILED" });
  }
}

/** Whether the project holds every field of `patch` as it is (docs/decisions/064-project-changes-sent-again.md). */
const madeAlready = (now: Project, patch: ProjectPatch) =>
  Object.entries(patch).every(
    ([field, value]) => JSON.stringify(value) === JSON.stringify(now[field as keyof Project]),
  );

/**
 * Saves a change and mirrors it locally only after the server accepted it (spec section 4).
 * A change to the tasks is sent with the version of the project it was made to (If-Match): when
 * the project changed elsewhere meanwhile (another device, a thought converted into it), the
 * server saves nothing, the project is read again, shown, and the change made to it as it is now
 * (docs/decisions/055-versions.md). Notes are saved over the notes the page shows: when they
 * were saved elsewhere since, nothing is saved and `NotesChangedElsewhere` is thrown, the page
 * showing the notes saved there. A name and the rest are saved as they are.
 * When the server cannot be reached, or a change of this project waits already, the change waits
 * on this device and is answered as the page will show it (decisions 086, 089 and 090).
 */
export function useUpdateProject(id: number) {
  const queryClient = useQueryClient();
  const path = queryKeys.project(id)[0];
  // The project as the server has it now (read again after it changed elsewhere: never a kept copy).
  const read = () => api.fresh<typeof project>(path);
  const mirror = (answered: Project) => {
    // A change of its name waiting on this device still shows over the server's copy (decision 086).
    const [saved = answered] = withWaitingChangesNow(PROJECTS, [answered]);
    queryClient.setQueryData(projectQuery(id).queryKey, saved);
    queryClient.setQueryData(projectsQuery().queryKey, (old) => old?.map((p) => (p.id === id ? saved : p)));
    void refreshPages(queryClient, queryKeys.projects);
  };
  return useMutation({
    mutationFn: async (change: ProjectPatch | TasksChange | NotesChange) => {
      const shown = async () => queryClient.getQueryData(projectQuery(id).queryKey) ?? (await read());
      /**
       * Sends a change, or keeps it on this device when the server cannot be reached (or behind a
       * change of this project that waits already), answering the project as it will be once sent.
       */
      const sendOrKeep = async (
        kept: {
          /** The fields kept, from the project as the page shows it. */
          body: (p: Project) => Partial<Project>;
          /** What it was made to (the tasks, the notes), as the server has them (decisions 089, 090). */
          was?: (p: Project) => Record<string, unknown>;
          label?: string;
        },
        send: () => Promise<Project>,
      ) => {
        const answer = await sendOrKeepChange<Project>(
          queryClient,
          queryKeys.projects,
          {
            id,
            method: "PUT",
            action: () => "Edit",
            shown: () => queryClient.getQueryData(projectQuery(id).queryKey),
            ...kept,
          },
          send,
        );
        return answer.waiting ? { ...answer, ...kept.body(answer) } : answer;
      };
      if (typeof change === "function") {
        return sendOrKeep(
          // The tasks as the server has them: a change joining one that waits keeps that one's.
          { body: (p) => change(p.tasks), was: (p) => ({ tasks: p.tasks }) },
          async () =>
            madeToWhatIsThere({
              now: await shown(),
              save: async (now) => {
                const patch = change(now.tasks);
                // Made already (sent again after its answer was lost, and found saved): nothing to send.
                if (madeAlready(now, patch)) return now;
                return api.put<typeof project>(path, patch, { ifMatch: projectEtag(now) });
              },
              read,
              show: mirror,
            }),
        );
      }
      if ("notesOver" in change) {
        return sendOrKeep(
          // Kept, they are saved only over the notes they were written over (decision 090).
          { body: () => ({ notes: change.notes }), was: () => ({ notes: change.notesOver ?? null }) },
          // Refused when anything changed; saved again at once unless the notes themselves did.
          async () =>
            madeToWhatIsThere({
              now: await shown(),
              save: async (now) => {
                if (now.notes === change.notes) return now;
                if (now.notes !== change.notesOver) throw new NotesChangedElsewhere();
                return api.put<typeof project>(path, { notes: change.notes }, { ifMatch: projectEtag(now) });
              },
              read,
              show: mirror,
            }),
        );
      }
      // Its name and the rest wait on this device when the server cannot take them (decision 086).
      return sendOrKeep({ body: () => change, label: change.title }, () => api.put<typeof project>(path, change));
    },
    onSuccess: mirror,
  });
}

const projectDeletes = undoableDeletes<Project>({
  list: queryKeys.projects,
  words: (p) => ({
    title: "Project deleted",
    description: `"${inToast(p.title)}" is gone, with its tasks and notes.`,
    altText: "Undo deleting the project",
  }),
  failure: "Failed to delete project",
  waitsOffline: true,
  // Notes or a task being written on its page are of no use once it is gone.
  drafts: (p) => projectDrafts(p.id),
});

/** The projects to show, without those waiting for their 'Project deleted' toast to close. */
export const useShownProjects = projectDeletes.useShown;

/**
 * Deletes a project the undoable way (docs/decisions/047-edit-and-delete-projects.md): it leaves
 * the list at once, and the server is told when the toast closes; Undo brings it back.
 */
export const useDeleteProject = projectDeletes.useDelete;

export async function suggestProjectTasks(input: { title: string; description: string | null; category: string }) {
  const body = await api.post<typeof projectTasksResponse>("/api/ai/project-tasks", input, { slow: true });
  return Array.isArray(body?.tasks) ? body.tasks : [];
}

const BUCKET_BADGE: Record<string, string> = {
  work: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  personal: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  health: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  finance: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

export function bucketClass(bucket: string): string {
  return BUCKET_BADGE[bucket] ?? "bg-accent text-fg";
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
