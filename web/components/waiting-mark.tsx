import { cn } from "../lib/cn.ts";
import { useChangeWaiting } from "../lib/outbox.ts";

/**
 * "Waiting to sync" beside a row the server has, while a tick or an edit of it made without a
 * connection waits on this device (docs/decisions/029-installable-offline.md); nothing otherwise.
 * `list` is the list's query key (`queryKeys.tasks`), as the change was kept with it.
 */
export function WaitingMark({
  list,
  id,
  className,
  markId,
}: {
  list: readonly [string];
  id: number;
  className?: string;
  /** The mark's own element id, for a card that names what describes it. */
  markId?: string;
}) {
  if (!useChangeWaiting(`${list[0]}/${id}`)) return null;
  return (
    <span id={markId} className={cn("text-xs font-normal whitespace-nowrap text-muted no-underline", className)}>
      Waiting to sync
    </span>
  );
}
