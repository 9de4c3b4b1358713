import { Clock, ListTodo } from "lucide-react";
import { useNavigate } from "react-router";
import { isLowEnergyMood, todaysFocusTasks } from "../../shared/ranking.ts";
import { useFocusMode } from "../app/focus-mode.tsx";
import { ListLoadFailed } from "../components/list-load-failed.tsx";
import { useShownInSteps } from "../components/shown-in-steps.tsx";
import { Button } from "../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../components/ui/card.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { fetchBreakdown } from "../features/assistant/api.ts";
import { FocusModeDialog } from "../features/focus/components/focus-mode-dialog.tsx";
import { FocusTimerCard } from "../features/focus/components/focus-timer-card.tsx";
import { useFocusSession } from "../features/focus/focus-session.tsx";
import { storedMood } from "../features/mood/api.ts";
import { useTimeZone } from "../features/settings/api.ts";
import { taskCategoryClass, useCompleteTask, useTasks } from "../features/tasks/api.ts";
import { formatTime12, zonedNow } from "../lib/dates.ts";

export function FocusPage() {
  const navigate = useNavigate();
  const tasks = useTasks();
  const complete = useCompleteTask();
  const { active, currentTaskId, startFocus, stopFocus } = useFocusMode();
  const session = useFocusSession();
  const today = zonedNow(new Date(), useTimeZone()).date;
  // Today's open tasks in the dashboard's focus order, so the first here is the first there; tasks
  // put off with "Not today" wait for their day here too (docs/decisions/015-ranked-short-lists.md).
  const open = todaysFocusTasks(tasks.data ?? [], { today, lowEnergy: isLowEnergyMood(storedMood()) });
  // A long list is drawn a part at a time, as the inbox's (docs/decisions/066-long-lists-in-steps.md):
  // the first ones are what to choose from, not a wall of every open task.
  const { shown, listRef, showMore } = useShownInSteps(open);
  const current = (tasks.data ?? []).find((t) => t.id === currentTaskId) ?? null;

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Focus Mode</h1>
        <p className="mt-1 text-muted">One task, one timer. Everything else can wait.</p>
      </header>
      {/* Side by side, each card as tall as it is: the timer not stretched beside a long list. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <FocusTimerCard
          taskTitle={current && !current.completed ? current.title : null}
          taskEstimate={current && !current.completed ? current.timeEstimate : null}
          taskId={current && !current.completed ? current.id : null}
        />
        <Card aria-labelledby="focus-list-title">
          <CardHeader
            id="focus-list-title"
            title="Focus Tasks"
            icon={<ListTodo className="size-5 text-primary" aria-hidden />}
            action={
              <Button variant="ghost" size="sm" onClick={() => navigate("/projects")}>
                Manage Tasks
              </Button>
            }
          />
          {tasks.isPending ? (
            <div className="h-24 animate-pulse rounded-xl bg-accent" aria-hidden />
          ) : tasks.isError && !tasks.data ? (
            <ListLoadFailed onRetry={() => void tasks.refetch()} />
          ) : open.length === 0 ? (
            <div className="grid justify-items-center gap-3 py-6 text-center">
              <p className="text-muted">No tasks available for focus</p>
              <Button variant="outline" onClick={() => navigate("/projects")}>
                Add tasks
              </Button>
            </div>
          ) : (
            <div className="grid gap-3">
              <ul ref={listRef} className="grid gap-2" aria-labelledby="focus-list-title">
                {shown.map((t) => (
                  // Takes focus after Show more, so a keyboard goes on where the new rows start.
                  <li
                    key={t.id}
                    tabIndex={-1}
                    className="rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {/* The whole title, wrapped: a phone's width would cut it to a few words. */}
                    <button
                      type="button"
                      onClick={() => startFocus(t.id)}
                      className="grid w-full gap-1 rounded-xl border border-border p-[min(0.75rem,12px)] text-left hover:border-primary"
                    >
                      <span className="min-w-0 wrap-anywhere font-medium" data-testid="focus-task-title">
                        {t.title || "Untitled Task"}
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                        <Badge className={taskCategoryClass(t.category)}>{t.category}</Badge>
                        <span className="inline-flex items-center gap-1">
                          <Clock className="size-3.5" aria-hidden />
                          {t.timeEstimate} min
                        </span>
                        {t.dueTime && <span>Due {formatTime12(t.dueTime)}</span>}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {showMore}
            </div>
          )}
        </Card>
      </div>
      {current && (
        <FocusModeDialog
          key={current.id}
          task={current}
          open={active && !current.completed}
          onClose={stopFocus}
          onComplete={async () => {
            try {
              // Done early: the session on this task counts what it took so far.
              if (session.taskId === current.id) session.finish();
              await complete.mutateAsync({ id: current.id });
              toast({ title: "Task completed" });
              stopFocus();
            } catch {
              toast({ title: "Error", description: "Failed to update task status", variant: "destructive" });
            }
          }}
          onStuck={async () => {
            try {
              return await fetchBreakdown({ title: current.title, category: current.category, timeEstimate: 5 });
            } catch {
              toast({
                title: "Error",
                description: "Could not break the task down right now.",
                variant: "destructive",
              });
              return [];
            }
          }}
        />
      )}
    </div>
  );
}
