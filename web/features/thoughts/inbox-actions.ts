/** What the inbox does to a thought: archive or restore it, convert it. Each says how it went. */
import { useQueryClient } from "@tanstack/react-query";
import type { ConvertThoughtInput, Project, Thought, thought } from "../../../shared/schemas.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { errorMessage, limitReason } from "../../lib/api.ts";
import { SAVED_OFFLINE, unreachable } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { useRowUpdate } from "../../lib/row-update.ts";
import { DEFAULT_START } from "../../lib/schedule.ts";
import { CHANGE_KEPT_OFFLINE } from "../../lib/waiting-change.ts";
import { type ThoughtType, useConvertThought } from "./api.ts";
import { type ConvertKind, type ConvertTarget, KIND_WORDS } from "./converted.ts";

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
            startTime: target.startTime || DEFAULT_START,
            allDay: target.allDay,
            ...retype,
          }
        : target.kind === "project"
          ? { to: "project", projectId: target.projectId, ...retype }
          : { to: target.kind, ...retype };
    /** What it becomes, in words: "a quick win", "a task in Garden". */
    const into = (kind: ConvertKind, projectId?: number) => {
      const project = queryClient.getQueryData<Project[]>(queryKeys.projects)?.find((p) => p.id === projectId);
      return kind === "project" && project ? `a task in ${project.title}` : KIND_WORDS[kind];
    };
    try {
      const { saved } = await convert.mutateAsync({ thought, input });
      if (!saved) {
        const projectId = "projectId" in target ? target.projectId : undefined;
        const description = `The thought will become ${into(target.kind, projectId)} when the connection is back.`;
        if (!opts.quiet) toast({ title: SAVED_OFFLINE.title, description });
        return description;
      }
      const description = `The thought is now ${into(saved.target.kind, saved.target.id)}.`;
      if (!opts.quiet) toast({ title: "Converted", description });
      return description;
    } catch (error) {
      // Not converted, and not kept on this device either.
      toast({
        title: "Error",
        description: unreachable(error)
          ? "Could not keep the conversion on this device. Please try again when you're back online."
          : (limitReason(error) ?? errorMessage(error, "Could not convert the thought.")),
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
