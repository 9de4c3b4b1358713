import { Undo2, Wind } from "lucide-react";
import type { Task } from "../../../../shared/schemas.ts";
import { CollapsibleCard } from "../../../components/collapsible-card.tsx";
import { PagedList } from "../../../components/paged-list.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { type ListSearch, noMatch } from "../../../lib/list-search.ts";
import { letGoTasksWalk, useRestoreTask, useTaskWalk } from "../api.ts";
import { TaskRow, titleOf } from "./task-row.tsx";

/**
 * "Let go" on the Tasks page (docs/decisions/033-welcome-back.md): the tasks put away from the
 * welcome back, closed until asked for (and only then read), each with "Bring back".
 */
export function LetGoList({ search }: { search?: ListSearch }) {
  return (
    <CollapsibleCard
      title="Let go"
      icon={<Wind className="size-5 text-primary" aria-hidden />}
      toggleId="let-go-toggle"
    >
      <p className="mb-4 text-sm text-muted">Put away for now. Bring any of them back whenever you like.</p>
      <LetGoRows search={search} />
    </CollapsibleCard>
  );
}

/** The tasks let go, read once the card is opened. */
function LetGoRows({ search }: { search?: ListSearch }) {
  const walk = useTaskWalk(letGoTasksWalk(search?.q));
  const restore = useRestoreTask();
  const rows = (walk.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (t) => t.archivedAt !== null && (search?.matches(titleOf(t)) ?? true),
  );

  const bringBack = (task: Task, from: HTMLElement) => {
    const row = from.closest("li");
    const next = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
    (next ?? document.getElementById("let-go-toggle"))?.focus();
    restore.mutate(task.id, {
      onSuccess: () =>
        toast({ title: "Back on your list", description: `"${titleOf(task)}" is back with your tasks.` }),
      onError: () => toast({ title: "Error", description: "Failed to bring the task back", variant: "destructive" }),
    });
  };

  return (
    <PagedList
      query={walk}
      rows={rows}
      label="Let go"
      empty={
        <p className="text-sm text-muted">
          {search?.active
            ? noMatch("task you let go", search.typed)
            : "Tasks you let go wait here, in case you want them back."}
        </p>
      }
    >
      {(task) => (
        <TaskRow task={task}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Bring back: ${titleOf(task)}`}
            onClick={(e) => bringBack(task, e.currentTarget)}
          >
            <Undo2 className="size-4" aria-hidden />
            Bring back
          </Button>
        </TaskRow>
      )}
    </PagedList>
  );
}
