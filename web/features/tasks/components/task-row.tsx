import { Clock } from "lucide-react";
import type { ReactNode } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { RepeatIcon } from "../../../components/repeat-icon.tsx";
import { Badge } from "../../../components/ui/card.tsx";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatTime12 } from "../../../lib/dates.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { taskCategoryClass } from "../api.ts";

export const titleOf = (task: Task) => task.title || "Untitled Task";

/**
 * One task in a list of the Tasks page: its tick (none in Let go), its words and what is known of
 * it, then its buttons.
 */
export function TaskRow({
  task,
  check,
  note,
  children,
}: {
  task: Task;
  check?: ReactNode;
  note?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className={cn("flex min-w-[min(12rem,100%)] flex-1 items-start gap-3", task.completed && "text-muted")}>
        {check}
        <div className="grid min-w-0 gap-1">
          <span className={cn("font-medium wrap-anywhere", task.completed && "line-through")}>{titleOf(task)}</span>
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <Badge className={taskCategoryClass(task.category)}>{task.category}</Badge>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />
              {task.timeEstimate} min
            </span>
            {task.dueTime && <span>Due {formatTime12(task.dueTime)}</span>}
            {task.repeat && <RepeatIcon rule={task.repeat} className="size-3.5" />}
            {note && <span>{note}</span>}
            <WaitingMark list={queryKeys.tasks} id={task.id} />
          </span>
        </div>
      </div>
      {children && <div className="ml-auto flex flex-wrap items-center justify-end gap-1">{children}</div>}
    </div>
  );
}
