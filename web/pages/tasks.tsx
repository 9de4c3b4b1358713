import { Plus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { addDays } from "../../shared/dates.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { FindBox } from "../components/find-box.tsx";
import { Button } from "../components/ui/button.tsx";
import { KinderEstimateOffer } from "../features/focus/components/kinder-estimate-offer.tsx";
import { storedMood } from "../features/mood/api.ts";
import { QuickWinsList } from "../features/quick-wins/components/quick-wins-list.tsx";
import { useTimeZone } from "../features/settings/api.ts";
import { AddTaskDialog } from "../features/tasks/components/add-task-dialog.tsx";
import { DoneEarlierList } from "../features/tasks/components/done-earlier-list.tsx";
import { LetGoList } from "../features/tasks/components/let-go-list.tsx";
import { TaskLists } from "../features/tasks/components/task-lists.tsx";
import { zonedNow } from "../lib/dates.ts";
import { useListSearch, useMatchCount } from "../lib/list-search.ts";
import { countChangesWaiting, isDelete, listOf, notDone, useWaitingCreates, useWaitingWrites } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";

const LISTS = [
  ["tasks", "Focus tasks"],
  ["quick-wins", "Quick wins"],
] as const;
type ListName = (typeof LISTS)[number][0];

/** "Found 1 focus task and no quick wins." — said to assistive technology as a search settles. */
function matchesSaid(tasks: number, wins: number): string {
  const count = (n: number, one: string, many: string) => (n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`);
  return `Found ${count(tasks, "focus task", "focus tasks")} and ${count(wins, "quick win", "quick wins")}.`;
}

/**
 * Rows the server still counts among the matches that leave them once what waits on this device is
 * sent, by list (each change keeps, in `was`, whether its row was open): open tasks deleted (a
 * task ticked moves to those done today, counted too), open quick wins deleted or ticked.
 */
function useLeavingWaiting(matches: (words: string) => boolean) {
  const writes = useWaitingWrites().filter((w) => matches(w.label));
  const tasks = writes.filter((w) => isDelete(w) && w.was?.completed === false && listOf(w) === queryKeys.tasks[0]);
  return { tasks: tasks.length, quickWins: -countChangesWaiting(writes, queryKeys.quickWins[0], notDone) };
}

/**
 * Every task, where the dashboard shows five (docs/decisions/019-tasks-page-and-not-today.md):
 * 'Show all (N)' on Top Focus Tasks opens the focus tasks, on Quick Wins `?list=quick-wins`. A
 * find box narrows both lists to the words typed, and each tab counts its matches
 * (docs/decisions/052-find-a-task.md).
 */
export function TasksPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [addOpen, setAddOpen] = useState(false);
  const timeZone = useTimeZone();
  const today = zonedNow(new Date(), timeZone).date;
  const list: ListName = params.get("list") === "quick-wins" ? "quick-wins" : "tasks";
  const [typed, setTyped] = useState("");
  const search = useListSearch(typed);
  // Each tab's matches: the open tasks (Today and Later) with those done today; the open quick wins;
  // in both, those still waiting on this device to be added, and not those deleted here.
  const openTasks = useMatchCount(queryKeys.tasks, { completed: false, q: search.q });
  const doneToday = useMatchCount(queryKeys.tasks, { completedOn: today, q: search.q });
  const openWins = useMatchCount(queryKeys.quickWins, { completed: false, q: search.q });
  const waitingTasks = useWaitingCreates(queryKeys.tasks[0], search.matches).length;
  const waitingWins = useWaitingCreates(queryKeys.quickWins[0], search.matches).length;
  const leaving = useLeavingWaiting(search.matches);
  const tasks =
    openTasks === undefined || doneToday === undefined
      ? undefined
      : Math.max(0, openTasks + doneToday + waitingTasks - leaving.tasks);
  const quickWins = openWins === undefined ? undefined : Math.max(0, openWins + waitingWins - leaving.quickWins);
  const matches = { tasks, "quick-wins": quickWins };
  const counted = search.active && tasks !== undefined && quickWins !== undefined;

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Tasks</h1>
          <p className="mt-1 text-muted">Everything on your list, a few at a time. Anything can wait until tomorrow.</p>
        </div>
        <Button onClick={() => setAddOpen(true)}>
          <Plus className="size-4" aria-hidden />
          Add Task
        </Button>
      </header>

      <Tabs.Root
        value={list}
        onValueChange={(value) => setParams(value === "tasks" ? {} : { list: value }, { replace: true })}
        className="grid gap-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List aria-label="Lists" className="flex w-full gap-1 rounded-xl bg-accent p-1 sm:w-fit">
            {LISTS.map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-w-0 flex-1 rounded-lg px-4 py-2 text-sm font-medium text-muted data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm sm:flex-none"
              >
                {label}
                {counted && ` (${matches[value]})`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <FindBox label="Find a task or quick win" value={typed} onChange={setTyped} className="w-full sm:w-72" />
          <p role="status" className="sr-only">
            {counted ? matchesSaid(tasks ?? 0, quickWins ?? 0) : ""}
          </p>
        </div>
        <Tabs.Content value="tasks">
          <div className="grid gap-6">
            <TaskLists mood={storedMood()} today={today} tomorrow={addDays(today, 1)} search={search} />
            <DoneEarlierList today={today} search={search} />
            <LetGoList search={search} />
          </div>
        </Tabs.Content>
        <Tabs.Content value="quick-wins">
          <QuickWinsList search={search} />
        </Tabs.Content>
      </Tabs.Root>

      <AddTaskDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        user={user}
        requireUser={() => requireUser(user, "task")}
        estimateOffer={(form, use) => <KinderEstimateOffer enabled={Boolean(user)} {...form} onUse={use} />}
      />
    </div>
  );
}
