/** What the inbox does to a thought: archive or restore it, convert it. Each says how it went. */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  type ConvertThoughtInput,
  convertedTitle,
  type Project,
  type Thought,
  type thought,
  type User,
} from "../../../shared/schemas.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { errorMessage } from "../../lib/api.ts";
import { editRows, type ListData } from "../../lib/list-cache.ts";
import { keepWaiting, newIdempotencyKey, unreachable } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useRowUpdate } from "../../lib/row-update.ts";
import { CHANGE_KEPT_OFFLINE } from "../../lib/waiting-change.ts";
import { type ThoughtType, useConvertThought } from "./api.ts";
import type { ConvertTarget } from "./converted.ts";

/** What a conversion kept on this device becomes, once the connection is back. */
const LATER = {
  task: {
    action: "Task",
    list: queryKeys.tasks[0],
    said: "The thought will become a focus task when the connection is back.",
  },
  "quick-win": {
    action: "Quick win",
    list: queryKeys.quickWins[0],
    said: "The thought will become a quick win when the connection is back.",
  },
} as const;

/** Said when a conversion that needs the server finds none. */
const CONVERT_NEEDS_CONNECTION =
  "Making it a project task or an event needs the connection. The thought stays in your inbox.";

/**
 * Keeps a conversion into a focus task or a quick win on this device (web/lib/outbox.ts): it
 * shows at once in that list, marked "Waiting to sync", and the thought leaves the inbox; it is
 * sent with its Idempotency-Key when the connection is back. False when the device cannot keep it.
 */
async function keepConversion(
  queryClient: QueryClient,
  original: Thought,
  kind: keyof typeof LATER,
  input: ConvertThoughtInput,
): Promise<boolean> {
  const me = queryClient.getQueryData<User | null>(queryKeys.me);
  if (!me) return false;
  const path = `${queryKeys.thoughts[0]}/${original.id}`;
  const shown = { status: "converted" as const, ...(input.type ? { type: input.type } : {}), waiting: true };
  try {
    await keepWaiting({
      userId: me.id,
      key: newIdempotencyKey(),
      path: `${path}/convert`,
      list: LATER[kind].list,
      body: input,
      label: convertedTitle(original.content),
      action: LATER[kind].action,
      was: { status: original.status },
      also: { list: queryKeys.thoughts[0], path, body: shown },
    });
  } catch {
    return false;
  }
  queryClient.setQueriesData<ListData<Thought>>({ queryKey: queryKeys.thoughts }, (data) =>
    editRows(data, (rows) => rows.map((t) => (t.id === original.id ? { ...t, ...shown } : t))),
  );
  return true;
}

export type ConvertThought = (
  thought: Thought,
  target: ConvertTarget,
  opts?: { type?: ThoughtType; quiet?: boolean },
) => Promise<string | null>;

/**
 * Converts a thought on the server (the new record and the converted mark together) and says what
 * it became. The returned function resolves to that, in words, or null when it failed (already said
 * in a toast).
 */
export function useConvert(): ConvertThought {
  const queryClient = useQueryClient();
  const convert = useConvertThought();
  return async (thought, target, opts = {}) => {
    const retype = opts.type && opts.type !== thought.type ? { type: opts.type } : {};
    const input: ConvertThoughtInput =
      target.kind === "event"
        ? {
            to: "event",
            title: target.title,
            date: target.date,
            startTime: target.startTime || "09:00",
            allDay: target.allDay,
            ...retype,
          }
        : target.kind === "project"
          ? { to: "project", projectId: target.projectId, ...retype }
          : { to: target.kind, ...retype };
    try {
      const { target: made } = await convert.mutateAsync({ id: thought.id, input });
      const projectTitle = queryClient
        .getQueryData<Project[]>(queryKeys.projects)
        ?.find((p) => p.id === made.id)?.title;
      const description = {
        task: "The thought is now a focus task.",
        "quick-win": "The thought is now a quick win.",
        project: projectTitle ? `The thought is now a task in ${projectTitle}.` : "The thought is now a project task.",
        event: "The thought is now a calendar event.",
      }[made.kind];
      if (!opts.quiet) toast({ title: "Converted", description });
      return description;
    } catch (error) {
      const kind = target.kind === "task" || target.kind === "quick-win" ? target.kind : null;
      if (unreachable(error) && kind && (await keepConversion(queryClient, thought, kind, input))) {
        if (!opts.quiet) toast({ title: "Saved on this device", description: LATER[kind].said });
        return LATER[kind].said;
      }
      toast({
        title: "Error",
        description: unreachable(error)
          ? CONVERT_NEEDS_CONNECTION
          : errorMessage(error, "Could not convert the thought."),
        variant: "destructive",
      });
      return null;
    }
  };
}

/**
 * Archives a thought or brings it back to the inbox, and says so. It moves at once; without a
 * connection the move waits on this device and is sent when the connection is back
 * (docs/decisions/029-installable-offline.md); a refusal puts the thought back where it was.
 */
export function useArchive() {
  const update = useRowUpdate<typeof thought, Pick<Thought, "status">>(queryKeys.thoughts);
  const move = (id: number, status: Thought["status"], from: Thought["status"]) =>
    update.mutateAsync({
      id,
      patch: { status },
      action: status === "archived" ? "Archive" : "Restore",
      was: { status: from },
    });
  const failed = () => toast({ title: "Error", description: "Could not update the thought.", variant: "destructive" });
  const undo = (original: Thought) => ({
    label: "Undo",
    altText: "Restore the thought from Archived",
    onClick: () =>
      void move(original.id, original.status, "archived")
        .then((back) => {
          if (back.waiting) toast(CHANGE_KEPT_OFFLINE);
        })
        .catch(failed),
  });
  return async (original: Thought, status: "archived" | "inbox") => {
    try {
      const moved = await move(original.id, status, original.status);
      if (moved.waiting) {
        toast({ ...CHANGE_KEPT_OFFLINE, ...(status === "archived" && { action: undo(original) }) });
        return;
      }
      if (status === "inbox") {
        toast({ title: "Restored" });
        return;
      }
      // Archived by mistake: Undo puts it back in the inbox as it was.
      toast({ title: "Archived", description: "The thought is out of your inbox.", action: undo(original) });
    } catch {
      failed();
    }
  };
}
