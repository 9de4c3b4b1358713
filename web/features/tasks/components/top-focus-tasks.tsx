import { Clock, Plus, Target } from "lucide-react";
import type { Task } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatTime12 } from "../../../lib/dates.ts";
import { taskCategoryClass, useTasks, useToggleTask } from "../api.ts";

type Props = { onChoose: (task: Task) => void; onAddFocusTask: () => void };

export function TopFocusTasks({ onChoose, onAddFocusTask }: Props) {
  const tasks = useTasks();
  const toggle = useToggleTask();
  const open = (tasks.data ?? []).filter((t) => !t.completed);

  return (
    <Card aria-labelledby="focus-tasks-title" className="h-full">
      <CardHeader
        id="focus-tasks-title"
        title="Top Focus Tasks"
        icon={<Target className="size-5 text-primary" aria-hidden />}
      />
      {tasks.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <div className="h-16 animate-pulse rounded-xl bg-accent" />
          <div className="h-16 animate-pulse rounded-xl bg-accent" />
        </div>
      ) : open.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-6 text-center">
          <p className="font-medium">No focus tasks for today</p>
          <p className="mt-1 text-sm text-muted">Add your most important tasks to stay on track.</p>
        </div>
      ) : (
        <ul className="grid gap-2">
          {open.map((task) => (
            <li
              key={task.id}
              className={cn(
                "flex items-center gap-3 rounded-xl border border-border p-3",
                task.completed && "opacity-60",
              )}
            >
              <input
                type="checkbox"
                className="size-5 accent-[var(--primary)]"
                checked={task.completed}
                onChange={() => toggle.mutate(task.id)}
                aria-label={`Complete ${task.title || "Untitled Task"}`}
              />
              <button
                type="button"
                onClick={() => onChoose(task)}
                className="grid min-w-0 flex-1 gap-1 rounded-md text-left"
              >
                <span className={cn("truncate font-medium", task.completed && "line-through")}>
                  {task.title || "Untitled Task"}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <Badge className={taskCategoryClass(task.category)}>{task.category}</Badge>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-3.5" aria-hidden />
                    {task.timeEstimate} min
                  </span>
                  {task.dueTime && <span>Due {formatTime12(task.dueTime)}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="ghost" className="mt-3 w-full" onClick={onAddFocusTask}>
        <Plus className="size-4" aria-hidden />
        Add a focus task
      </Button>
    </Card>
  );
}
