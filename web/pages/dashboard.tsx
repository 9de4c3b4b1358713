import { format } from "date-fns";
import { CalendarPlus, Plus } from "lucide-react";
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Task } from "../../shared/schemas.ts";
import { SUGGESTION_CONTEXT_SENT } from "../../shared/suggestion-context.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { useFocusMode } from "../app/focus-mode.tsx";
import { lazyDialog } from "../components/lazy-dialog.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { fetchBreakdown } from "../features/assistant/api.ts";
import { AiAssistantCard } from "../features/assistant/components/ai-assistant-card.tsx";
import { useScheduleEvents } from "../features/calendar/api.ts";
import { ScheduleCard } from "../features/calendar/components/schedule-card.tsx";
import { useBreakDownTask } from "../features/focus/api.ts";
import { KinderEstimateOffer } from "../features/focus/components/kinder-estimate-offer.tsx";
import { type Mood, storedMood } from "../features/mood/api.ts";
import { MoodCheckIn } from "../features/mood/components/mood-check-in.tsx";
import { useSomeProjects } from "../features/projects/api.ts";
import { useTopQuickWins } from "../features/quick-wins/api.ts";
import { QuickWinsCard } from "../features/quick-wins/components/quick-wins-card.tsx";
import { useSettings, useTimeZone } from "../features/settings/api.ts";
import { todaysFocus, useShownTasks, useTopFocusTasks, useUpdateTask } from "../features/tasks/api.ts";
import { TopFocusTasks } from "../features/tasks/components/top-focus-tasks.tsx";
import { useRecentThoughts } from "../features/thoughts/api.ts";
import { ThoughtDumpCard } from "../features/thoughts/components/thought-dump-card.tsx";
import { WelcomeBack } from "../features/welcome/components/welcome-back.tsx";
import { parseDateOnly, zonedNow } from "../lib/dates.ts";
import { eventTiming, isTaskApproaching } from "../lib/schedule.ts";
import { useMinuteNow } from "../lib/use-now.ts";
import { whenIdle } from "../lib/when-idle.ts";

// These dialogs load once the browser is idle after the first paint (or when first opened): the
// first screen needs none. Add Task works offline (a task added waits on this device) once its
// code has come: by then, or from the service worker's copy (decision 036).
const AddTaskDialog = lazyDialog(() =>
  import("../features/tasks/components/add-task-dialog.tsx").then((m) => m.AddTaskDialog),
);
const EventDialog = lazyDialog(() =>
  import("../features/calendar/components/event-dialog.tsx").then((m) => m.EventDialog),
);
const TaskBreakerDialog = lazyDialog(() =>
  import("../features/focus/components/task-breaker-dialog.tsx").then((m) => m.TaskBreakerDialog),
);

// The cards read their own data; the page re-renders whenever one of its reads answers, and the
// cards are drawn again only when what they are given changes, so a read arriving never redraws
// every card in one long task (decision 036).
const TopFocusTasksCard = memo(TopFocusTasks);
const ScheduleCardMemo = memo(ScheduleCard);
const QuickWinsCardMemo = memo(QuickWinsCard);
const ThoughtDumpCardMemo = memo(ThoughtDumpCard);
const AiAssistantCardMemo = memo(AiAssistantCard);
const MoodCheckInMemo = memo(MoodCheckIn);

const NO_TASKS: Task[] = [];

/** The longest the cards wait for their first reads before they are drawn with loading states. */
export const CARDS_WAIT_MS = 800;

export function DashboardPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { startFocus } = useFocusMode();
  const [addTaskOpen, setAddTaskOpen] = useState(false);
  const [eventOpen, setEventOpen] = useState(false);
  const [breakerOpen, setBreakerOpen] = useState(false);
  const breakDown = useBreakDownTask();
  const updateTask = useUpdateTask();
  const [mood, setMood] = useState<Mood | null>(storedMood);
  // The header and the mood check-in are drawn at once; the cards below them in a second pass
  // that React splits into short slices, so drawing them never holds the page unresponsive in one
  // long task (decision 036). That pass waits for the reads of the first three cards (started at
  // the app's entry) to settle, so a card does not grow under the person's eyes and push the next.
  const deferred = useDeferredValue(true, false);
  // Every read here is bounded (docs/list-api.md, "The dashboard's calls"): the five the cards
  // show, two days of events, and the top few of each list for the assistant's context.
  const timeZone = useTimeZone();
  const quiet = useSettings().data?.lowStimulation ?? false;
  const top = useTopFocusTasks(mood);
  const quickWins = useTopQuickWins();
  const events = useScheduleEvents(timeZone);
  // Read only for the assistant's context: asked for once the browser is idle after the first
  // draw, so those calls are not made in the same task as the first screen's effects.
  const [contextWanted, setContextWanted] = useState(false);
  useEffect(() => whenIdle(() => setContextWanted(true)), []);
  const thoughts = useRecentThoughts({ enabled: contextWanted });
  const projects = useSomeProjects(SUGGESTION_CONTEXT_SENT.activeProjects, { enabled: contextWanted });
  // On a slow connection the cards do not wait long: after CARDS_WAIT_MS they are drawn with
  // their own loading states, so capturing a thought never waits on a slow read.
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), CARDS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = !top.isPending && !quickWins.isPending && !events.isPending;
  const drawCards = deferred && (settled || waitedEnough);
  const today = zonedNow(new Date(), timeZone).date;
  // Today's open tasks as Top Focus Tasks shows them: none ticked, put off or deleted here, also
  // while that change waits offline. Task Breaker offers these, and the assistant is told of them.
  const shownTasks = useShownTasks(top.data?.items ?? NO_TASKS);
  const openTasks = useMemo(() => shownTasks.filter(todaysFocus(today)), [shownTasks, today]);

  // One stable "sign in first" check per kind of item, so the memoised cards keep their props.
  const needUser = useMemo(
    () => ({
      task: () => requireUser(user, "task"),
      quickWin: () => requireUser(user, "quick win"),
      thought: () => requireUser(user, "thought"),
    }),
    [user],
  );
  const chooseFocusTask = useCallback(
    (task: Task) => {
      startFocus(task.id);
      navigate("/focus");
    },
    [startFocus, navigate],
  );
  const addFocusTask = useCallback(() => navigate("/projects"), [navigate]);

  const buildContext = useCallback(() => {
    const now = zonedNow(new Date(), timeZone);
    return {
      currentTime: now.hhmm,
      currentDate: now.date,
      mood,
      incompleteTasks: openTasks.map((t) => ({
        title: t.title,
        category: t.category,
        timeEstimate: t.timeEstimate,
        dueTime: t.dueTime,
        isApproaching: isTaskApproaching(t.dueTime, now),
      })),
      todayEvents: (events.data ?? [])
        .filter((e) => e.date === now.date)
        .map((e) => {
          const timing = eventTiming(e, now);
          return {
            title: e.title,
            location: e.location,
            startTime: e.startTime,
            duration: e.duration,
            category: e.category,
            isApproaching: timing.approaching,
            hasPassed: timing.past && !timing.happeningNow,
            isHappeningNow: timing.happeningNow,
            currentTime: now.hhmm,
          };
        }),
      incompleteQuickWins: (quickWins.data?.items ?? []).filter((q) => !q.completed).map((q) => q.text),
      recentThoughts: (thoughts.data ?? []).map((t) => ({ content: t.content, type: t.type })),
      activeProjects: (projects.data ?? [])
        .filter((p) => p.progress < 100)
        .map((p) => ({ title: p.title, progress: p.progress, deadline: p.deadline })),
    };
  }, [timeZone, mood, openTasks, events.data, quickWins.data, thoughts.data, projects.data]);

  const completionSignal = `${mood ?? ""}|${(top.data?.items ?? []).map((t) => `${t.id}:${t.completed ? 1 : 0}`).join(",")}`;

  // Task Breaker asks which of today's top tasks to break down (docs/decisions/025-task-steps.md).
  const taskBreaker = () => {
    if (openTasks.length === 0) {
      toast({
        title: "No tasks found",
        description: "You don't have any incomplete tasks to break down.",
        variant: "destructive",
      });
      return;
    }
    setBreakerOpen(true);
  };
  // The same function on every render, calling the latest: the assistant's card is not drawn again for it.
  const latestTaskBreaker = useRef(taskBreaker);
  latestTaskBreaker.current = taskBreaker;
  const onTaskBreaker = useCallback(() => latestTaskBreaker.current(), []);

  const breakDownAndFocus = async (task: Task) => {
    await breakDown(task.id, () =>
      fetchBreakdown({ title: task.title, category: task.category, timeEstimate: task.timeEstimate }),
    );
    setBreakerOpen(false);
    startFocus(task.id);
    navigate("/focus");
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="dashboard-title" tabIndex={-1} className="text-3xl font-semibold tracking-tight outline-none">
            Daily Compass
          </h1>
          <TodayLine timeZone={timeZone} />
        </div>
        <div className="flex gap-2">
          <Button onClick={() => setAddTaskOpen(true)}>
            <Plus className="size-4" aria-hidden />
            Add Task
          </Button>
          <Button variant="outline" size="icon" aria-label="Add event" onClick={() => setEventOpen(true)}>
            <CalendarPlus className="size-5" aria-hidden />
          </Button>
        </div>
      </header>

      <WelcomeBack today={today} afterCloseFocus="dashboard-title">
        <MoodCheckInMemo mood={mood} onChange={setMood} today={today} />
        {drawCards && (
          <>
            {/* Side by side, each card keeps its own height from the top: a short list is not
                stretched into an empty card as long as a full day's schedule (decision 079). */}
            <div className="grid items-start gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div>
                <TopFocusTasksCard mood={mood} onChoose={chooseFocusTask} onAddFocusTask={addFocusTask} />
              </div>
              <ScheduleCardMemo timeZone={timeZone} />
              <div className="lg:col-span-2">
                <QuickWinsCardMemo user={user} requireUser={needUser.quickWin} />
              </div>
            </div>

            <ThoughtDumpCardMemo requireUser={needUser.thought} />
            <AiAssistantCardMemo
              signedIn={Boolean(user)}
              buildContext={buildContext}
              refreshSignal={completionSignal}
              ready={top.isSuccess && !top.isPlaceholderData && !thoughts.isPending && !projects.isPending}
              onTaskBreaker={onTaskBreaker}
              quiet={quiet}
            />
          </>
        )}
      </WelcomeBack>

      <AddTaskDialog
        open={addTaskOpen}
        onOpenChange={setAddTaskOpen}
        user={user}
        requireUser={needUser.task}
        estimateOffer={(form, use) => <KinderEstimateOffer enabled={Boolean(user)} {...form} onUse={use} />}
      />
      <TaskBreakerDialog
        open={breakerOpen}
        onOpenChange={setBreakerOpen}
        tasks={openTasks}
        onChoose={breakDownAndFocus}
        onUseEstimate={async (task, minutes) => {
          try {
            await updateTask.mutateAsync({ id: task.id, patch: { timeEstimate: minutes } });
          } catch (error) {
            toast({ title: "Error", description: "Could not change the estimate.", variant: "destructive" });
            throw error;
          }
        }}
      />
      <EventDialog open={eventOpen} onOpenChange={setEventOpen} defaultDate={today} timeZone={timeZone} />
    </div>
  );
}

/** Today's date in the person's zone under the heading, moving on at their midnight with the page left open. */
function TodayLine({ timeZone }: { timeZone: string }) {
  const today = zonedNow(useMinuteNow(), timeZone).date;
  return <p className="mt-1 text-muted">{format(parseDateOnly(today), "EEEE, MMMM d, yyyy")}</p>;
}
