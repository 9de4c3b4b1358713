import { ChevronDown, Clock, Undo2, Wind } from "lucide-react";
import { useId, useState } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { PagedList } from "../../../components/paged-list.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { cn } from "../../../lib/cn.ts";
import { type ListSearch, noMatch } from "../../../lib/list-search.ts";
import { letGoTasksWalk, taskCategoryClass, useRestoreTask, useTaskWalk } from "../api.ts";

const titleOf = (task: Task) => task.title || "Untitled Task";

/**
 * "Let go" on the Tasks page (docs/decisions/033-welcome-back.md): the tasks put away from the
 * welcome back, closed until asked for (and only then read), each with "Bring back".
 */
export function LetGoList({ search }: { search?: ListSearch }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const walk = useTaskWalk(letGoTasksWalk(search?.q), { enabled: open });
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
    <Card aria-labelledby="let-go-title">
      <h2 id="let-go-title" className="text-lg font-semibold">
        <button
          id="let-go-toggle"
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left"
        >
          <span className="flex items-center gap-2">
            <Wind className="size-5 text-primary" aria-hidden />
            Let go
          </span>
          <ChevronDown className={cn("size-5 text-muted transition-transform", open && "rotate-180")} aria-hidden />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="mt-3">
        <p className="mb-4 text-sm text-muted">Put away for now. Bring any of them back whenever you like.</p>
        {open && (
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
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <div className="grid min-w-48 flex-1 gap-1">
                  <span className="font-medium break-words">{titleOf(task)}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                    <Badge className={taskCategoryClass(task.category)}>{task.category}</Badge>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden />
                      {task.timeEstimate} min
                    </span>
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  aria-label={`Bring back: ${titleOf(task)}`}
                  onClick={(e) => bringBack(task, e.currentTarget)}
                >
                  <Undo2 className="size-4" aria-hidden />
                  Bring back
                </Button>
              </div>
            )}
          </PagedList>
        )}
      </div>
    </Card>
  );
}
