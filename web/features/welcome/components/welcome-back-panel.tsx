import { Clock, Sun } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { WELCOME_BACK_LATER_DAYS } from "../../../../shared/constants.ts";
import { addDays } from "../../../../shared/dates.ts";
import type { Task } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { formatShortDay } from "../../../lib/dates.ts";
import { taskCategoryClass, useLetGoTask, useUpdateTask } from "../../tasks/api.ts";
import { useDismissWelcome } from "../api.ts";

type Props = {
  /** The older open tasks the server offered, oldest first. */
  tasks: Task[];
  /** Today in the user's zone (YYYY-MM-DD). */
  today: string;
  /** Every task was answered. */
  onFinished: () => void;
  /** "Not now" or Escape. */
  onClose: () => void;
};

const titleOf = (task: Task) => task.title || "Untitled Task";

/**
 * "Welcome back" (docs/decisions/033-welcome-back.md): the older open tasks one at a time, each
 * kept for today, put off a week ("Later") or let go (archived, and restorable from the Tasks
 * page). Never a count of anything and never the word for late: only the next small choice.
 */
export function WelcomeBackPanel({ tasks, today, onFinished, onClose }: Props) {
  const [index, setIndex] = useState(0);
  const [said, setSaid] = useState("");
  const update = useUpdateTask();
  const letGo = useLetGoTask();
  const dismiss = useDismissWelcome();
  const choices = useRef<HTMLDivElement>(null);
  const answered = useRef(false);
  const task = tasks[index];
  const laterDay = addDays(today, WELCOME_BACK_LATER_DAYS);

  // After an answer, focus moves to the next task's first choice (never on first showing).
  useEffect(() => {
    if (answered.current && index > 0) choices.current?.querySelector("button")?.focus();
  }, [index]);

  const failed = () =>
    toast({
      title: "Error",
      description: "That change could not be saved. The task is as it was.",
      variant: "destructive",
    });
  const next = (words: string) => {
    answered.current = true;
    setSaid(words);
    if (index + 1 >= tasks.length) {
      dismiss.mutate();
      onFinished();
    } else {
      setIndex(index + 1);
    }
  };
  const close = () => {
    dismiss.mutate();
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      close();
    }
  };

  if (!task) return null;
  return (
    <section
      aria-labelledby="welcome-back-title"
      onKeyDown={onKeyDown}
      className="rounded-2xl border border-border bg-card p-[min(1.25rem,20px)] shadow-sm sm:p-[min(1.5rem,24px)]"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 sm:flex-nowrap">
        <div className="grid min-w-0 gap-1">
          <h2 id="welcome-back-title" className="flex items-center gap-2 text-xl font-semibold">
            <Sun className="size-5 text-primary" aria-hidden />
            Welcome back
          </h2>
          <p className="text-muted">
            It's good to see you. A few things from before are still here. Let's look at them one at a time, and there
            is no wrong answer.
          </p>
        </div>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={close}>
          Not now
        </Button>
      </div>

      <div className="mt-5 rounded-xl bg-accent/60 p-4" aria-live="polite" aria-atomic="true">
        <p className="text-lg font-medium wrap-anywhere" id="welcome-back-task">
          {titleOf(task)}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge className={taskCategoryClass(task.category)}>{task.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {task.timeEstimate} min
          </span>
        </p>
      </div>

      <div ref={choices} className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
        <Button
          onClick={() => {
            if (task.notBefore !== null)
              update.mutate({ id: task.id, patch: { notBefore: null } }, { onError: failed });
            next(`"${titleOf(task)}" is on today's list.`);
          }}
        >
          Keep for today
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            update.mutate({ id: task.id, patch: { notBefore: laterDay } }, { onError: failed });
            next(`"${titleOf(task)}" comes back ${formatShortDay(laterDay)}.`);
          }}
        >
          Later
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            letGo.mutate(task.id, { onError: failed });
            next(`"${titleOf(task)}" is let go. You can bring it back from the Tasks page.`);
          }}
        >
          Let go
        </Button>
      </div>
      <p className="mt-3 text-sm text-muted">
        Later brings it back in a week. Let go puts it away; it waits on the Tasks page if you want it again.
      </p>
      <p className="sr-only" role="status">
        {said}
      </p>
    </section>
  );
}
