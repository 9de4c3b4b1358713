import { Clock } from "lucide-react";
import { cn } from "../lib/cn.ts";
import {
  CREATED_ID,
  changeOf,
  keepWaiting,
  useWaitingCreates,
  useWaitingWrites,
  type WaitingWrite,
} from "../lib/outbox.ts";
import { toast } from "./ui/toast-store.ts";

type Props = {
  /** The list the creates wait to be added to (`/api/quick-wins`). */
  list: string;
  /** The name of the list of waiting rows, for screen readers ("Quick wins waiting to sync"). */
  label: string;
  /** Rows that can be ticked (tasks, quick wins): the tick waits too, and is sent after the create. */
  tickable?: boolean;
  /** A tick to done carries its moment (`completedAt`: tasks), so it counts on the day it was made. */
  keepsDoneTime?: boolean;
  /** While the list is searched: only the rows with the words typed. */
  matches?: (words: string) => boolean;
  /** Only the rows it picks by what they send (the schedule's: today's and tomorrow's events). */
  where?: (write: WaitingWrite) => boolean;
  className?: string;
};

/**
 * What waits on this device to be added to a list, each marked "Waiting to sync"; ticking one
 * keeps the tick with it (docs/decisions/029-installable-offline.md).
 */
export function WaitingRows({
  list,
  label,
  tickable = false,
  keepsDoneTime = false,
  matches,
  where,
  className,
}: Props) {
  const all = useWaitingWrites();
  const creates = useWaitingCreates(list, matches, where);
  if (creates.length === 0) return null;

  const tick = async (create: (typeof creates)[number], completed: boolean) => {
    try {
      await keepWaiting({
        userId: create.userId,
        method: "PATCH",
        key: `${create.key}:tick`,
        path: `${list}/${CREATED_ID}`,
        list,
        after: create.id,
        body: { completed, ...(keepsDoneTime && { completedAt: completed ? new Date().toISOString() : null }) },
        label: create.label,
        action: completed ? "Done" : "Not done",
      });
    } catch {
      toast({ title: "Error", description: "Could not keep this on your device.", variant: "destructive" });
    }
  };

  return (
    <ul className={cn("grid gap-1", className)} aria-label={label}>
      {creates.map((w) => {
        const done = (changeOf(all, w)?.body as { completed?: boolean } | undefined)?.completed === true;
        const text = (
          <>
            <span className={cn("min-w-0 flex-1 wrap-anywhere", done && "line-through opacity-70")}>{w.label}</span>
            <span className="shrink-0 text-xs text-muted">Waiting to sync</span>
          </>
        );
        return (
          <li key={w.key}>
            {tickable ? (
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-[var(--primary)]"
                  checked={done}
                  onChange={(e) => void tick(w, e.currentTarget.checked)}
                />
                {text}
              </label>
            ) : (
              <div className="flex items-center gap-3 rounded-lg px-2 py-2">
                <Clock className="size-5 shrink-0 text-muted" aria-hidden />
                {text}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
