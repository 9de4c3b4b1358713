import { CalendarClock, CheckCircle2, ListChecks, Pencil, Trash2, Undo2 } from "lucide-react";
import { useRef, useState } from "react";
import { isPutOff } from "../../../../shared/ranking.ts";
import type { Task } from "../../../../shared/schemas.ts";
import { PagedList } from "../../../components/paged-list.tsx";
import { RoutineDeleteDialog } from "../../../components/routine-delete-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { formatShortDay } from "../../../lib/dates.ts";
import { focusNeighbour, neighbourOf, useFocusWhenSettled } from "../../../lib/focus-next.ts";
import { type ListSearch, noMatch } from "../../../lib/list-search.ts";
import { useWaitingCreates } from "../../../lib/outbox.ts";
import { whenBack } from "../../../lib/routines.ts";
import {
  doneEarlierWalk,
  doneTodayWalk,
  laterTasksWalk,
  openTasksWalk,
  type TaskMood,
  useDeleteTask,
  useShownTasks,
  useTaskWalk,
  useToggleTask,
  useUpdateTask,
} from "../api.ts";
import { EditTaskDialog } from "./edit-task-dialog.tsx";
import { TaskRow, titleOf } from "./task-row.tsx";

/** The rows of a list that `belong` in it, with those of other lists that now do (changed here), once each. */
const withMovedHere = (rows: Task[], others: Task[], belong: (task: Task) => boolean) => [
  ...rows.filter(belong),
  ...others.filter((t) => belong(t) && !rows.some((r) => r.id === t.id)),
];

type Props = {
  /** Today's mood as the dashboard shows it, so this list and the dashboard's five agree. */
  mood: TaskMood | null;
  /** Today and tomorrow in the user's time zone (YYYY-MM-DD). */
  today: string;
  tomorrow: string;
  /** The Tasks page's search (docs/decisions/052-find-a-task.md): every list shows only its matches. */
  search?: ListSearch;
};

/**
 * The Tasks page's lists (docs/decisions/019-tasks-page-and-not-today.md): today's open tasks in
 * the dashboard's order, a page at a time, each with "Not today", edit and delete; the tasks put
 * off to a later day; and what was done today, which can be unticked.
 */
export function TaskLists({ mood, today, tomorrow, search }: Props) {
  const q = search?.q;
  const open = useTaskWalk(openTasksWalk(mood, q));
  const later = useTaskWalk(laterTasksWalk(q));
  const done = useTaskWalk(doneTodayWalk(today, q));
  // Read by the Done earlier card once it is opened; here only to see what was unticked in it.
  const earlier = useTaskWalk(doneEarlierWalk(today, q), { enabled: false });
  const toggle = useToggleTask();
  const waiting = useWaitingCreates("/api/tasks", search?.matches);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [editing, setEditing] = useState<Task | null>(null);
  // Deleting a routine asks which first; focus then goes where the row was.
  const [deleting, setDeleting] = useState<{ task: Task; neighbour: HTMLElement | null } | null>(null);
  // An edit can move its task (a new due time ranks it higher): once the lists are read again,
  // focus goes back to the task's Edit button, wherever it now stands; after a change for today
  // only, to the one-off task that holds it.
  const focusLater = useFocusWhenSettled(!open.isFetching && !later.isFetching);

  // The rows on show narrow at once as words are typed; the server's answer follows.
  const allOf = (walk: typeof open) => walk.data?.pages.flatMap((p) => p.items) ?? [];
  const rowsOf = (walk: typeof open) => allOf(walk).filter((t) => search?.matches(titleOf(t)) ?? true);
  // Rows changed on this screen leave their list at once, before the lists are read again.
  const openShown = useShownTasks(rowsOf(open));
  const doneShown = useShownTasks(rowsOf(done));
  const earlierShown = useShownTasks(rowsOf(earlier));
  const laterShown = useShownTasks(rowsOf(later));
  // A task ticked or unticked, put off or brought back here moves between today's list, Later and
  // Done today at once, before the server's lists are read again, and while its change waits on
  // this device with no server to read them from.
  // The lists are read again one by one: a task that has left the list it came from, and is not
  // yet in the one it went to, stays where it was last shown until every read has answered.
  const reading = open.isFetching || later.isFetching || done.isFetching || earlier.isFetching;
  const lastShown = useRef<Task[]>([]);
  const read = new Set([open, later, done, earlier].flatMap(allOf).map((t) => t.id));
  const inPassage = useShownTasks(
    reading ? lastShown.current.filter((t) => !read.has(t.id) && (search?.matches(titleOf(t)) ?? true)) : [],
  );
  const openRows = withMovedHere(
    openShown,
    [...doneShown, ...earlierShown, ...laterShown, ...inPassage],
    (t) => !t.completed && !isPutOff(t, today),
  );
  // Soonest back first (the server answers them in focus order, which breaks ties here).
  const laterRows = withMovedHere(
    laterShown,
    [...openShown, ...inPassage],
    (t) => !t.completed && isPutOff(t, today),
  ).sort((a, b) => (a.notBefore ?? "").localeCompare(b.notBefore ?? ""));
  const doneRows = withMovedHere(doneShown, [...openShown, ...inPassage], (t) => t.completed);
  lastShown.current = [...openRows, ...laterRows, ...doneRows];

  /**
   * A routine's "Not today", and deleting just this one: today's occurrence is skipped (undoable
   * until its toast closes) and the routine comes back on its next day, which the toast names.
   */
  const skipToday = (task: Task) =>
    remove(task, {
      scope: "this",
      words: {
        title: "Skipped for today",
        description: `"${titleOf(task)}" comes back ${whenBack(task.repeat ?? "", today)}.`,
        altText: "Undo skipping the routine today",
      },
    });
  const notToday = (task: Task) => {
    if (task.repeat) {
      skipToday(task);
      return;
    }
    update.mutate(
      { id: task.id, patch: { notBefore: tomorrow }, was: { notBefore: task.notBefore } },
      {
        onSuccess: () =>
          toast({
            title: "Saved for tomorrow",
            description: `"${titleOf(task)}" comes back tomorrow.`,
            action: {
              label: "Undo",
              altText: "Bring the task back from Later",
              onClick: () => update.mutate({ id: task.id, patch: { notBefore: null }, was: { notBefore: tomorrow } }),
            },
          }),
        onError: () => toast({ title: "Error", description: "Failed to update task", variant: "destructive" }),
      },
    );
  };
  const bringBack = (task: Task) => {
    update.mutate(
      { id: task.id, patch: { notBefore: null }, was: { notBefore: task.notBefore } },
      {
        onSuccess: () => toast({ title: "Back on today's list", description: `"${titleOf(task)}" is there again.` }),
        onError: () => toast({ title: "Error", description: "Failed to update task", variant: "destructive" }),
      },
    );
  };

  const check = (task: Task) => (
    <input
      type="checkbox"
      className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
      checked={task.completed}
      onChange={(e) => {
        focusNeighbour(e.currentTarget);
        toggle.mutate(task.id);
      }}
      aria-label={`Complete ${titleOf(task)}`}
    />
  );
  const editAndDelete = (task: Task) => (
    <>
      <Button
        id={`edit-task-${task.id}`}
        variant="ghost"
        size="icon"
        aria-label={`Edit ${titleOf(task)}`}
        onClick={() => setEditing(task)}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${titleOf(task)}`}
        onClick={(e) => {
          if (task.repeat) {
            setDeleting({ task, neighbour: neighbourOf(e.currentTarget) });
            return;
          }
          focusNeighbour(e.currentTarget);
          remove(task);
        }}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </>
  );

  return (
    <div className="grid gap-6">
      <Card id="today-tasks" aria-labelledby="today-tasks-title" tabIndex={-1} className="outline-none">
        <CardHeader
          id="today-tasks-title"
          title="Today"
          icon={<ListChecks className="size-5 text-primary" aria-hidden />}
        />
        <p className="-mt-2 mb-4 text-sm text-muted">
          In the order Daily Compass suggests. The first five are on your dashboard; the rest can wait.
        </p>
        <PagedList
          query={open}
          rows={openRows}
          label="Today's tasks"
          empty={
            waiting.length > 0 ? null : search?.active ? (
              <p className="text-sm text-muted">{noMatch("task for today", search.typed)}</p>
            ) : (
              <div className="rounded-xl border border-dashed border-border p-6 text-center">
                <p className="font-medium">No focus tasks for today</p>
                <p className="mt-1 text-sm text-muted">Add your most important tasks to stay on track.</p>
              </div>
            )
          }
        >
          {(task) => (
            <TaskRow task={task} check={check(task)}>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Not today: ${titleOf(task)}`}
                onClick={(e) => {
                  focusNeighbour(e.currentTarget);
                  notToday(task);
                }}
              >
                <CalendarClock className="size-4" aria-hidden />
                Not today
              </Button>
              {editAndDelete(task)}
            </TaskRow>
          )}
        </PagedList>
        <WaitingRows
          list="/api/tasks"
          label="Tasks waiting to sync"
          tickable
          keepsDoneTime
          matches={search?.matches}
          className="mt-2"
        />
      </Card>

      {laterRows.length > 0 && (
        <Card aria-labelledby="later-tasks-title" tabIndex={-1} className="outline-none">
          <CardHeader
            id="later-tasks-title"
            title="Later"
            icon={<CalendarClock className="size-5 text-primary" aria-hidden />}
          />
          <p className="-mt-2 mb-4 text-sm text-muted">Put off for now. Each comes back on its day.</p>
          <PagedList query={later} rows={laterRows} label="Later" empty={null}>
            {(task) => (
              <TaskRow
                task={task}
                check={check(task)}
                note={
                  task.notBefore === tomorrow
                    ? "Back tomorrow"
                    : task.notBefore
                      ? `Back ${formatShortDay(task.notBefore)}`
                      : null
                }
              >
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Bring back: ${titleOf(task)}`}
                  onClick={(e) => {
                    // The last one back takes the Later card with it: focus goes to Today.
                    focusNeighbour(e.currentTarget, document.getElementById("today-tasks"));
                    bringBack(task);
                  }}
                >
                  <Undo2 className="size-4" aria-hidden />
                  Bring back
                </Button>
                {editAndDelete(task)}
              </TaskRow>
            )}
          </PagedList>
        </Card>
      )}

      <Card aria-labelledby="done-today-title" tabIndex={-1} className="outline-none">
        <CardHeader
          id="done-today-title"
          title="Done today"
          icon={<CheckCircle2 className="size-5 text-primary" aria-hidden />}
        />
        <PagedList
          query={done}
          rows={doneRows}
          label="Done today"
          empty={
            <p className="text-sm text-muted">
              {search?.active ? noMatch("task done today", search.typed) : "Tasks you finish today gather here."}
            </p>
          }
        >
          {(task) => <TaskRow task={task} check={check(task)} />}
        </PagedList>
      </Card>

      {deleting && (
        <RoutineDeleteDialog
          name={titleOf(deleting.task)}
          back={whenBack(deleting.task.repeat ?? "", today)}
          onClose={() => setDeleting(null)}
          onChoose={(scope) => {
            const { task, neighbour } = deleting;
            setDeleting(null);
            if (scope === "this") skipToday(task);
            else remove(task);
            // After the dialog has given focus back: the row is gone, so its neighbour takes it.
            requestAnimationFrame(() => neighbour?.focus());
          }}
        />
      )}
      {editing && (
        <EditTaskDialog
          key={editing.id}
          task={editing}
          onClose={(savedId) => {
            focusLater({ id: `edit-task-${savedId ?? editing.id}` });
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
