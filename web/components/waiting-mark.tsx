import { cn } from "../lib/cn.ts";
import { useChangeWaiting } from "../lib/outbox.ts";

/**
 * "Waiting to sync" beside a row the server has, while a tick or an edit of it made without a
 * connection waits on this device (docs/decisions/029-installable-offline.md); nothing otherwise.
 * `list` is the list's query key (`queryKeys.tasks`), as the change was kept with it.
 */
export function WaitingMark({ list, id, className }: { list: readonly [string]; id: number; className?: string }) {
  if (!useChangeWaiting(`${list[0]}/${id}`)) return null;
  return (
    <span className={cn("text-xs font-normal whitespace-nowrap text-muted no-underline", className)}>
      Waiting to sync
    </span>
  );
}
