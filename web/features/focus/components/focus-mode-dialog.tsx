import { CheckCircle2, LifeBuoy, Mic } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { TASK_STEPS_MAX } from "../../../../shared/constants.ts";
import type { Task, TaskStep } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { ApiError } from "../../../lib/api.ts";
import { speechRecognition } from "../../../lib/speech-recognition.ts";
import { stepsWith, useChangeTaskSteps, useTaskSteps, useTickTaskStep } from "../api.ts";
import { CLOCK_SIZE, formatClock } from "../clock.ts";
import { useFocusSession } from "../focus-session.tsx";
import { BREAK_HINT, SESSION_DONE } from "../words.ts";
import { StepList } from "./step-list.tsx";
import { TimerControls } from "./timer-controls.tsx";

type Props = {
  task: Task;
  open: boolean;
  onClose: () => void;
  onComplete: () => Promise<void>;
  onStuck: () => Promise<string[]>;
};

export function FocusModeDialog({ task, open, onClose, onComplete, onStuck }: Props) {
  const countdown = useFocusSession();
  const done = countdown.state === "done" && countdown.phase === "focus";
  const onBreak = countdown.phase === "break";
  const [askingForSmaller, setAskingForSmaller] = useState(false);
  const [stuckNote, setStuckNote] = useState("");
  const stored = useTaskSteps(task.id).data;
  // A tick shows in the same moment as the click; the stored list catches up once the server answers.
  const [ticks, setTicks] = useState<ReadonlyMap<number, boolean>>(new Map());
  const steps = useMemo(
    () => (stored ?? []).map((s) => (ticks.has(s.id) ? { ...s, done: ticks.get(s.id) === true } : s)),
    [stored, ticks],
  );
  const changeSteps = useChangeTaskSteps(task.id);
  const tick = useTickTaskStep(task);
  const [listening, setListening] = useState(false);
  const recognitionRef = useRef<SpeechRecognition | null>(null);
  const Recognition = speechRecognition();

  /**
   * Ticks a step. When its row is gone (the checklist was saved on another device since, and a
   * saved checklist comes back with new ids), the first step with the same words is ticked in the
   * checklist as it is now (docs/decisions/055-versions.md); a step gone altogether stays gone.
   */
  const tickStep = (step: TaskStep, done: boolean) =>
    tick.mutateAsync({ stepId: step.id, done }).catch(async (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) return;
      await changeSteps((now) => {
        const same = now.findIndex((s) => s.text === step.text);
        return now.map((s, i) => ({ text: s.text, done: i === same ? done : s.done }));
      }).catch(() => undefined);
    });

  const nextStep = () => {
    const next = steps.find((s) => !s.done);
    if (next) void tickStep(next, true);
  };

  /**
   * Asks the assistant for smaller steps. A task with a checklist gets the first new one put in
   * front, ticks kept; a task without one gets them all as its checklist.
   */
  const stuck = async () => {
    setAskingForSmaller(true);
    setStuckNote("");
    try {
      const known = new Set(steps.map((s) => s.text.trim().toLowerCase()));
      const smaller = (await onStuck()).map((s) => s.trim()).filter((s) => s && !known.has(s.toLowerCase()));
      const first = smaller[0];
      if (!first) {
        setStuckNote("No smaller step came back this time. Try the first step for just two minutes.");
        return;
      }
      const startHere = steps.length === 0;
      // Once more than on the list shown, it is there: asked for and saved before, its answer lost.
      const shown = stepsWith(steps, first);
      await changeSteps((now) =>
        stepsWith(now, first) > shown
          ? now.map((s) => ({ text: s.text, done: s.done }))
          : now.length === 0
            ? smaller.slice(0, TASK_STEPS_MAX)
            : [first, ...now.slice(0, TASK_STEPS_MAX - 1).map((s) => ({ text: s.text, done: s.done }))],
      );
      setStuckNote(startHere ? `Start here: ${first}` : `New first step: ${first}`);
    } catch {
      setStuckNote("Could not save the smaller step. Please try again.");
    } finally {
      setAskingForSmaller(false);
    }
  };

  const handleCommand = (phrase: string) => {
    const p = phrase.toLowerCase();
    if (p.includes("next")) nextStep();
    else if (p.includes("pause")) countdown.pause();
    else if (p.includes("stuck")) void stuck();
    else if (p.includes("exit")) onClose();
  };

  const toggleListening = () => {
    if (!Recognition) return;
    if (listening) {
      recognitionRef.current?.stop();
      return;
    }
    const r = new Recognition();
    r.continuous = true;
    r.lang = "en-US";
    r.onresult = (e) => {
      const last = e.results[e.results.length - 1];
      if (last?.[0]) handleCommand(last[0].transcript);
    };
    r.onend = () => setListening(false);
    recognitionRef.current = r;
    r.start();
    setListening(true);
  };

  useEffect(() => () => recognitionRef.current?.stop(), []);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={task.title || "Untitled Task"}
      className="max-w-xl"
    >
      <div className="grid gap-5">
        <Badge className="w-fit bg-accent text-fg">
          {task.category} · {task.timeEstimate} min
        </Badge>
        <div className="@container rounded-2xl bg-accent p-6 text-center">
          <p className={CLOCK_SIZE} role="timer" aria-label="Focus countdown">
            {formatClock(countdown.remaining)}
          </p>
          {/*
           * What the clock means, in the Focus page's words. Done, the dialog says so itself (the
           * Focus page's card is behind it), so a person back after the session ended does not meet
           * a bare 00:00 and a Start as if nothing had happened. A status, because the toast outside
           * the dialog is hidden from screen readers while the dialog is open.
           */}
          <p role="status" className="mt-2 text-sm wrap-anywhere empty:mt-0">
            {done ? SESSION_DONE : onBreak ? BREAK_HINT : ""}
          </p>
          <div className="mt-4">
            <TimerControls taskId={task.id} startLabel="Start" resetWhenIdle>
              <Button
                variant="outline"
                onClick={async () => {
                  await onComplete();
                }}
              >
                <CheckCircle2 className="size-4" aria-hidden />
                Complete Task
              </Button>
            </TimerControls>
          </div>
        </div>

        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => void stuck()} disabled={askingForSmaller}>
              <LifeBuoy className="size-4" aria-hidden />
              {askingForSmaller ? "Finding a smaller step..." : "I'm stuck"}
            </Button>
            <p className="text-sm text-muted">Get a smaller first step for this task.</p>
          </div>
          <p role="status" className="text-sm">
            {stuckNote}
          </p>
        </div>

        <StepList
          steps={steps}
          onToggle={(step) => {
            const done = !step.done;
            setTicks((m) => new Map(m).set(step.id, done));
            void tickStep(step, done).finally(() =>
              setTicks((m) => {
                const next = new Map(m);
                next.delete(step.id);
                return next;
              }),
            );
          }}
          change={changeSteps}
        />

        <section aria-labelledby="voice-title" className="rounded-2xl border border-border p-4">
          {/* Listen goes under the heading when both do not fit (larger text). */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="voice-title" className="font-semibold">
              Voice commands
            </h3>
            {Recognition && (
              <Button variant="outline" size="sm" onClick={toggleListening} aria-pressed={listening}>
                <Mic className="size-4" aria-hidden />
                {listening ? "Stop listening" : "Listen"}
              </Button>
            )}
          </div>
          <ul className="mt-2 grid grid-cols-2 gap-1 text-sm">
            <li>
              <q>Next step</q>
            </li>
            <li>
              <q>Pause</q>
            </li>
            <li>
              <q>I'm stuck</q>
            </li>
            <li>
              <q>Exit</q>
            </li>
          </ul>
          {!Recognition && <p className="mt-2 text-sm text-muted">Voice commands are not available in this browser.</p>}
        </section>
      </div>
    </Dialog>
  );
}
