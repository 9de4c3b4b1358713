import { ArrowRight, Clock, Plus, Target } from "lucide-react";
import { Link } from "react-router";
import type { Task } from "../../../../shared/schemas.ts";
import { LabelCount } from "../../../components/label-count.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatTime12, zonedNow } from "../../../lib/dates.ts";
import { focusNextRow } from "../../../lib/focus-next.ts";
import { useCount, useWaitingCreates } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useTimeZone } from "../../settings/api.ts";
import {
  type TaskMood,
  taskCategoryClass,
  todaysFocus,
  useShownTasks,
  useToggleTask,
  useTopFocusTasks,
} from "../api.ts";

const TASKS = queryKeys.tasks[0];
/**
 * The row's two buttons share it, each on one line; in a row narrower than their words (a zoomed
 * page, larger text) the words wrap instead of running off the screen.
 */
const ONE_LINE_WHERE_IT_FITS =
  "flex-1 whitespace-nowrap @max-[12rem]:h-auto @max-[12rem]:min-h-10 @max-[12rem]:py-2 @max-[12rem]:whitespace-normal";

type Props = {
  /** Today's mood as the dashboard shows it: Tired or Sad puts the smallest tasks first. */
  mood: TaskMood | null;
  onChoose: (task: Task) => void;
  onAddFocusTask: () => void;
};

/**
 * The first five of today's focus order, read as five (docs/decisions/015-ranked-short-lists.md);
 * 'Show all (N)' opens the Tasks page when there are more.
 */
export function TopFocusTasks({ mood, onChoose, onAddFocusTask }: Props) {
  const top = useTopFocusTasks(mood);
  const toggle = useToggleTask();
  // Today's, in the person's zone: a task put off here ('Not today') leaves at once, also offline.
  const counted = todaysFocus(zonedNow(new Date(), useTimeZone()).date);
  const open = useShownTasks(top.data?.items ?? []).filter(counted);
  const total = useCount(TASKS, top.data, counted);
  const waiting = useWaitingCreates(TASKS);

  return (
    <Card aria-labelledby="focus-tasks-title">
      <CardHeader
        id="focus-tasks-title"
        title="Top Focus Tasks"
        icon={<Target className="size-5 text-primary" aria-hidden />}
      />
      {top.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <div className="h-16 animate-pulse rounded-xl bg-accent" />
          <div className="h-16 animate-pulse rounded-xl bg-accent" />
        </div>
      ) : open.length === 0 ? (
        waiting.length === 0 && (
          <div className="rounded-xl border border-dashed border-border p-6 text-center">
            <p className="font-medium">No focus tasks for today</p>
            <p className="mt-1 text-sm text-muted">Add your most important tasks to stay on track.</p>
          </div>
        )
      ) : (
        <ul className="grid gap-2" aria-labelledby="focus-tasks-title" aria-busy={top.isPlaceholderData}>
          {open.map((task) => (
            <li
              key={task.id}
              className={cn(
                "flex items-start gap-3 rounded-xl border border-border p-[min(0.75rem,12px)]",
                task.completed && "opacity-60",
              )}
            >
              {/* Beside the title's first line, however many lines the title takes. */}
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
                checked={task.completed}
                onChange={(e) => {
                  focusNextRow(e.currentTarget, "input[type=checkbox]", "add-focus-task");
                  toggle.mutate(task.id);
                }}
                aria-label={`Complete ${task.title || "Untitled Task"}`}
              />
              <button
                type="button"
                onClick={() => onChoose(task)}
                className="grid min-w-0 flex-1 gap-1 rounded-md text-left"
              >
                {/*
                 * Up to three lines, so a phone shows a long title rather than its first few words;
                 * a pasted link wraps anywhere (docs/decisions/059-long-words-wrap.md). Past three
                 * lines the whole title is still the button's name, and shows on hover.
                 */}
                <span
                  className={cn("line-clamp-3 font-medium wrap-anywhere", task.completed && "line-through")}
                  title={task.title || "Untitled Task"}
                >
                  {task.title || "Untitled Task"}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <Badge className={taskCategoryClass(task.category)}>{task.category}</Badge>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-3.5" aria-hidden />
                    {task.timeEstimate} min
                  </span>
                  {task.dueTime && <span>Due {formatTime12(task.dueTime)}</span>}
                  <WaitingMark list={queryKeys.tasks} id={task.id} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <WaitingRows list={TASKS} label="Tasks waiting to sync" tickable className="mt-2" />
      <div className="@container mt-3 flex flex-wrap gap-2">
        {total > open.length && (
          <Link to="/tasks" className={buttonClass("outline", "md", ONE_LINE_WHERE_IT_FITS)}>
            Show all
            <LabelCount n={total} />
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        )}
        <Button id="add-focus-task" variant="ghost" className={ONE_LINE_WHERE_IT_FITS} onClick={onAddFocusTask}>
          <Plus className="size-4" aria-hidden />
          Add a focus task
        </Button>
      </div>
    </Card>
  );
}
