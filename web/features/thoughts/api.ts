import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { categorizeResponse } from "../../../shared/ai-schemas.ts";
import { convertedTitle, PENDING_VOICE_NOTE, RECENT_THOUGHTS_FOR_AI } from "../../../shared/constants.ts";
import { listUrl } from "../../../shared/list-url.ts";
import type {
  ConvertThoughtInput,
  convertThoughtResponse,
  Thought,
  ThoughtListParams,
  thought,
  User,
} from "../../../shared/schemas.ts";
import { inboxCountParams } from "../../app/first-read-urls.ts";
import { inToast } from "../../components/ui/toast-store.ts";
import { ApiError, api } from "../../lib/api.ts";
import { editDraft } from "../../lib/draft.ts";
import { editRows, type ListData } from "../../lib/list-cache.ts";
import {
  createOrKeep,
  isCreate,
  isDelete,
  listOf,
  type Saved,
  useWaitingWrites,
  type WaitingWrite,
  withWaitingChanges,
} from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useRowUpdate } from "../../lib/row-update.ts";
import { undoableDeletes } from "../../lib/undoable.ts";

const THOUGHTS = queryKeys.thoughts[0];
export type ThoughtType = Thought["type"];

/** Every thought, with the edits still waiting on this device applied, so a reload offline keeps them. */
export const thoughtsQuery = () =>
  queryOptions({
    queryKey: queryKeys.thoughts,
    queryFn: async () => withWaitingChanges(THOUGHTS, await api.query<z.ZodArray<typeof thought>>(THOUGHTS)),
  });

export function useThoughts() {
  return useQuery(thoughtsQuery());
}

/** How many thoughts wait in the inbox on the server: one row read, the count from its header. */
export const inboxCountQuery = () => {
  const params = inboxCountParams();
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.thoughts, params),
    queryFn: () => api.page<typeof thought>(listUrl(THOUGHTS, params)),
    select: (page) => page.total,
  });
};

/**
 * How the inbox's count moves once what waits on this device is sent: a thought captured adds
 * one, a thought archived (or archived and deleted) or converted takes one away and one restored
 * adds one back (a change that ends where the server already is, an archive undone, moves nothing).
 */
export function inboxChangesWaiting(writes: readonly WaitingWrite[]): number {
  const inInbox = (status: unknown) => (status === "inbox" ? 1 : 0);
  let change = 0;
  for (const write of writes) {
    // A conversion waits in the list of what it becomes; what it does to the thought comes along.
    if (write.also?.list === THOUGHTS && write.also.body.status !== undefined && write.was?.status !== undefined) {
      change += inInbox(write.also.body.status) - inInbox(write.was.status);
    }
    if (listOf(write) !== THOUGHTS) continue;
    const body = write.body as { status?: unknown } | null;
    if (isCreate(write)) change += inInbox(body?.status ?? "inbox");
    else if (isDelete(write)) change -= inInbox(write.was?.status);
    else if (body?.status !== undefined && write.was?.status !== undefined)
      change += inInbox(body.status) - inInbox(write.was.status);
  }
  return change;
}

/** The sidebar badge: the server's count, with what waits on this device counted in. */
export function useInboxCount(): number {
  const counted = useQuery(inboxCountQuery()).data ?? 0;
  return Math.max(0, counted + inboxChangesWaiting(useWaitingWrites()));
}

/** The newest few thoughts, for the assistant's context (spec section 7: the first 3). */
export const recentThoughtsQuery = () => {
  const params: ThoughtListParams = { limit: RECENT_THOUGHTS_FOR_AI };
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.thoughts, params),
    queryFn: async () => (await api.page<typeof thought>(listUrl(THOUGHTS, params))).items,
  });
};

/** `enabled: false` holds the read back (the dashboard asks only once its first draw is done). */
export function useRecentThoughts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...recentThoughtsQuery(), enabled });
}

/** The assistant's type for a text. */
function categorize(content: string) {
  return api.post<typeof categorizeResponse>("/api/ai/categorize", { content }, { slow: true });
}

/**
 * Saves a thought (default Note). A Note is sent for categorisation and the returned type replaces
 * it; a failed categorisation keeps Note, as the spec asks. When the server cannot be reached, the
 * thought waits on this device (web/lib/outbox.ts) and `waiting` says so.
 */
export function useCreateThought() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      type,
      voiceThoughtId,
      when,
    }: {
      content: string;
      type: ThoughtType | null;
      /** The day and time the words said, when the person kept it. */
      when?: { date: string; time: string | null } | null;
      /** The thought a voice recording was kept with: its text is set instead of adding a second one. */
      voiceThoughtId?: number | null;
    }): Promise<Saved<Thought>> => {
      const chosen = type ?? "Note";
      let created: Thought | null = null;
      if (voiceThoughtId) {
        try {
          created = await api.patch<typeof thought>(`${THOUGHTS}/${voiceThoughtId}`, {
            content,
            type: chosen,
            contentIsTranscript: true,
          });
        } catch (error) {
          // Deleted or archived meanwhile: save the text as a new thought instead.
          if (!(error instanceof ApiError && error.code === "NOT_FOUND")) throw error;
        }
      }
      if (!created) {
        const body = {
          content,
          type: chosen,
          contentIsTranscript: true,
          ...(when ? { whenDate: when.date, whenTime: when.time } : {}),
        };
        const userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id;
        const result = await createOrKeep({ userId, path: THOUGHTS, body, label: content, action: "Thought" }, (key) =>
          api.post<typeof thought>(THOUGHTS, body, { idempotencyKey: key }),
        );
        // Kept on this device: it is sent as a Note, as typed, without asking for a type.
        if (!result.saved) return result;
        created = result.saved;
      }
      // Saved: the lists show it now, not once the assistant has given its type (seconds on a slow network).
      void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
      if (chosen === "Note") {
        try {
          const result = await categorize(content);
          if (result?.type && result.type !== "Note") {
            return {
              saved: await api.patch<typeof thought>(`${THOUGHTS}/${created.id}`, { type: result.type }),
              waiting: false,
            };
          }
        } catch {
          // Categorisation is a nicety; the thought is already saved.
        }
      }
      return { saved: created, waiting: false };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.thoughts }),
  });
}

type ThoughtEdit = Partial<Pick<Thought, "content" | "type" | "whenDate" | "whenTime">>;

/**
 * Edits a thought's words, its type or the day and time it is for
 * (docs/decisions/048-edit-and-delete-thoughts.md), shown at once and taken back if refused
 * (web/lib/row-update.ts). `transcript`: the new words stand for the thought's kept recording,
 * which then stops waiting for a transcription.
 */
export function useEditThought() {
  const queryClient = useQueryClient();
  const update = useRowUpdate<typeof thought, ThoughtEdit>(queryKeys.thoughts);
  const save = async (id: number, patch: ThoughtEdit, { transcript = false } = {}) => {
    const saved = await update.mutateAsync({ id, patch, also: transcript ? { contentIsTranscript: true } : undefined });
    if (transcript) void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
    return saved;
  };
  return { save, saving: update.isPending };
}

/** How a thought is named in a toast: a voice note still waiting for its words is "Voice note". */
export const thoughtWords = (t: Thought) => (t.content === PENDING_VOICE_NOTE ? "Voice note" : t.content);

const thoughtDeletes = undoableDeletes<Thought>({
  list: queryKeys.thoughts,
  words: (t) => ({
    title: "Thought deleted",
    description: `"${inToast(thoughtWords(t))}" is gone from Archived.`,
    altText: "Undo deleting the thought",
  }),
  failure: "Failed to delete thought",
  // An edit not saved is of no use once the row is gone.
  drafts: (t) => [editDraft("thought", t.id)],
  waitsOffline: true,
  was: (t) => ({ status: t.status }),
});

/** The thoughts to show, without those waiting for their 'Thought deleted' toast to close. */
export const useShownThoughts = thoughtDeletes.useShown;

/**
 * Deletes an archived thought, and its recording with it, the undoable way: it leaves the list at
 * once, and the server is told when the toast closes (or the page is left).
 */
export const useDeleteThought = thoughtDeletes.useDelete;

/** The assistant's type for a thought, asked once per text; a failure leaves the suggestion empty. */
export function useSuggestedType(thought: Pick<Thought, "id" | "content"> | null) {
  return useQuery({
    queryKey: queryKeys.suggestedType(thought?.id, thought?.content),
    enabled: thought !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      const result = await categorize(thought?.content ?? "");
      if (!result?.type) throw new Error("No suggestion");
      return result.type;
    },
  });
}

/**
 * What a thought becomes, by kind: the list it joins (read again once it is made), and how
 * "Waiting to sync" names a conversion kept on this device. Focus tasks, quick wins and events
 * show in their lists while they wait; a project's tasks show it once the server has made it, as
 * every change to a project (spec section 4).
 */
const CONVERTED_INTO = {
  task: { list: queryKeys.tasks, action: "Task" },
  "quick-win": { list: queryKeys.quickWins, action: "Quick win" },
  project: { list: queryKeys.projects, action: "Project task" },
  event: { list: queryKeys.events, action: "Event" },
} as const;

/**
 * Turns a thought into a focus task, quick win, project task or calendar event in one server
 * call: the new record and the thought's converted mark are saved together, and only once (it is
 * sent with an Idempotency-Key). When the server cannot be reached, the conversion waits on this
 * device (web/lib/outbox.ts), named as the server will name what it makes, and the thought leaves
 * the inbox at once (`also`: every read of the thoughts shows it converted); `waiting` says so.
 */
export function useConvertThought() {
  const queryClient = useQueryClient();
  /** The thought as shown while its conversion waits. */
  const shownWaiting = (input: ConvertThoughtInput) => ({
    status: "converted" as const,
    ...(input.type ? { type: input.type } : {}),
    waiting: true,
  });
  return useMutation({
    mutationFn: ({ thought: original, input }: { thought: Thought; input: ConvertThoughtInput }) => {
      const path = `${THOUGHTS}/${original.id}`;
      return createOrKeep(
        {
          userId: queryClient.getQueryData<User | null>(queryKeys.me)?.id,
          path: `${path}/convert`,
          list: CONVERTED_INTO[input.to].list[0],
          body: input,
          label: input.to === "event" ? input.title.trim() : convertedTitle(original.content),
          action: CONVERTED_INTO[input.to].action,
          was: { status: original.status },
          also: { list: THOUGHTS, path, body: shownWaiting(input) },
        },
        (key) => api.post<typeof convertThoughtResponse>(`${path}/convert`, input, { idempotencyKey: key }),
      );
    },
    onSuccess: ({ saved }, { thought: original, input }) => {
      if (!saved) {
        queryClient.setQueriesData<ListData<Thought>>({ queryKey: queryKeys.thoughts }, (data) =>
          editRows(data, (rows) => rows.map((t) => (t.id === original.id ? { ...t, ...shownWaiting(input) } : t))),
        );
        return;
      }
      const { target } = saved;
      void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
      void queryClient.invalidateQueries({ queryKey: CONVERTED_INTO[target.kind].list });
      if (target.kind === "project") void queryClient.invalidateQueries({ queryKey: queryKeys.project(target.id) });
    },
  });
}
