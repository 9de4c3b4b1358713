import { History } from "lucide-react";
import { addDays } from "../../../../shared/dates.ts";
import type { Task } from "../../../../shared/schemas.ts";
import { CollapsibleCard } from "../../../components/collapsible-card.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { formatShortDay, zonedNow } from "../../../lib/dates.ts";
import { focusNeighbour } from "../../../lib/focus-next.ts";
import { type ListSearch, noMatch } from "../../../lib/list-search.ts";
import { useTimeZone } from "../../settings/api.ts";
import { doneEarlierWalk, useCompleteTask, useShownTasks, useTaskWalk, useToggleTask } from "../api.ts";
import { TaskRow, titleOf } from "./task-row.tsx";

type Props = {
  /** Today in the user's time zone (YYYY-MM-DD): what was done before it is here. */
  today: string;
  search?: ListSearch;
};

/**
 * "Done earlier" on the Tasks page (docs/decisions/053-done-earlier.md): what was finished before
 * today, most recently first, closed until asked for. Unticking one puts it back on the list.
 */
export function DoneEarlierList({ today, search }: Props) {
  return (
    <CollapsibleCard
      title="Done earlier"
      icon={<History className="size-5 text-primary" aria-hidden />}
      toggleId="done-earlier-toggle"
    >
      <p className="mb-4 text-sm text-muted">
        What you finished before today, most recent first. Untick one to put it back on your list.
      </p>
      <DoneEarlierRows today={today} search={search} />
    </CollapsibleCard>
  );
}

/** The tasks done before today, read once the card is opened. */
function DoneEarlierRows({ today, search }: Props) {
  const walk = useTaskWalk(doneEarlierWalk(today, search?.q));
  const toggle = useToggleTask();
  const complete = useCompleteTask();
  const timeZone = useTimeZone();
  const rows = useShownTasks(walk.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (t) => t.completed && (search?.matches(titleOf(t)) ?? true),
  );

  /** The day it was done, in the person's zone; nothing for a task done before that was kept. */
  const doneOn = (task: Task) => {
    if (!task.completedAt) return null;
    const day = zonedNow(new Date(task.completedAt), timeZone).date;
    return day === addDays(today, -1) ? "Done yesterday" : `Done ${formatShortDay(day)}`;
  };
  // Undo marks it done again on its own day, not today (decision 053).
  const reopen = (task: Task) =>
    toggle.mutate(task.id, {
      // Saved on this device only: the toggle's own toast says so.
      onSuccess: (saved) =>
        !saved.waiting &&
        toast({
          title: "Back on your list",
          description: `"${titleOf(task)}" is open again, on today's list.`,
          action: {
            label: "Undo",
            altText: "Undo opening the task again",
            onClick: () =>
              complete.mutate(
                { id: task.id, completedAt: task.completedAt },
                {
                  onError: () =>
                    toast({ title: "Error", description: "Failed to update task status", variant: "destructive" }),
                },
              ),
          },
        }),
    });

  return (
    <PagedList
      query={walk}
      rows={rows}
      label="Done earlier"
      empty={
        <p className="text-sm text-muted">
          {search?.active ? noMatch("task done earlier", search.typed) : "Tasks you finished before today gather here."}
        </p>
      }
    >
      {(task) => (
        <TaskRow
          task={task}
          note={doneOn(task)}
          check={
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
              checked={task.completed}
              onChange={(e) => {
                // The row leaves the list: focus goes to its neighbour, or to the card's button.
                focusNeighbour(e.currentTarget, document.getElementById("done-earlier-toggle"));
                reopen(task);
              }}
              aria-label={`Complete ${titleOf(task)}`}
            />
          }
        />
      )}
    </PagedList>
  );
}
