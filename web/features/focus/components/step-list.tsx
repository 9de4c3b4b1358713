import { Plus, X } from "lucide-react";
import { useRef, useState } from "react";
import { TASK_STEPS_MAX } from "../../../../shared/constants.ts";
import type { TaskStep } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { inToast, toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { leftAfterSaving } from "../../../lib/draft.ts";
import { focusNextRow } from "../../../lib/focus-next.ts";
import { useWaitingWrites } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { type StepsChange, stepsWith } from "../api.ts";

/** A step as the checklist keeps it: its words and its tick. */
export type KeptStep = { text: string; done: boolean };

type Props = {
  steps: TaskStep[];
  onToggle: (step: TaskStep) => void;
  /**
   * Saves the whole checklist as `change` makes it from the steps as they are then, after any
   * change still on its way; rejects with the server's reason.
   */
  change: (change: StepsChange) => Promise<unknown>;
};

const kept = (steps: TaskStep[]): KeptStep[] => steps.map((s) => ({ text: s.text, done: s.done }));

/** Each step's words, and which time they come for words that come more than once. */
function keysByWords(steps: TaskStep[]): string[] {
  const seen = new Map<string, number>();
  return steps.map((s) => {
    const n = (seen.get(s.text) ?? 0) + 1;
    seen.set(s.text, n);
    return `${n}:${s.text}`;
  });
}

/**
 * The focus dialog's checklist (docs/decisions/050-own-steps.md): the steps to tick, each with a
 * remove button, and a box to add one's own at the end. A removed step comes back with Undo, in
 * its place and with its tick, until a step is added or another one removed.
 */
export function StepList({ steps, onToggle, change }: Props) {
  const [text, setText] = useState("");
  const [adding, setAdding] = useState(false);
  // The last step removed, where it was and the step it came after: Undo here, inside the dialog,
  // where a keyboard can reach it (a toast sits outside the dialog's focus).
  const [removed, setRemoved] = useState<{ step: KeptStep; index: number; after: string | null } | null>(null);
  const full = steps.length >= TASK_STEPS_MAX;
  const allDone = steps.length > 0 && steps.every((s) => s.done);
  // A saved checklist comes back with new ids: rows are keyed by their words instead, so the rows
  // that stay are the same elements, and focus on them is kept.
  const rowKeys = keysByWords(steps);
  // The steps whose tick waits on this device (docs/decisions/092-a-step-ticked-offline.md).
  const waitingPaths = new Set(useWaitingWrites().map((w) => w.path));
  const waits = (step: TaskStep) => waitingPaths.has(`${queryKeys.taskSteps(step.taskId)[0]}/${step.id}`);
  // The steps whose removal is on its way, by id.
  const removing = useRef(new Set<number>());

  const add = async () => {
    const words = text.trim();
    if (!words || full || adding) return;
    setAdding(true);
    try {
      // Once more than on the list shown when Add was pressed, it is there: sent before, its answer lost.
      const shown = stepsWith(steps, words);
      await change((now) => [...kept(now), ...(stepsWith(now, words) > shown ? [] : [{ text: words, done: false }])]);
      // The next step, typed while this one was on its way, stays.
      setText((now) => leftAfterSaving(now, words));
      setRemoved(null);
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Could not add the step."), variant: "destructive" });
    } finally {
      setAdding(false);
    }
  };

  const remove = async (step: TaskStep, button: HTMLElement) => {
    // A row already on its way out (the second half of a double tap) is not removed twice.
    if (removing.current.has(step.id)) return;
    const index = steps.findIndex((s) => s.id === step.id);
    // The steps as they will be once the removals still on their way are made: a step with the
    // same words as one of those is another step, still to be removed itself.
    const staying = steps.filter((s) => !removing.current.has(s.id));
    // The step by its words, as its row is: a change saved before this one gives it a new id.
    const row = keysByWords(staying)[staying.indexOf(step)];
    const shown = stepsWith(staying, step.text);
    removing.current.add(step.id);
    focusNextRow(button, "[data-remove-step]", "new-step");
    try {
      await change((now) => {
        // Once less than on the list shown, it is gone: removed before, its answer lost.
        if (stepsWith(now, step.text) < shown) return kept(now);
        const keys = keysByWords(now);
        return kept(now).filter((_, i) => keys[i] !== row);
      });
      setRemoved({ step: { text: step.text, done: step.done }, index, after: steps[index - 1]?.text ?? null });
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Could not remove the step."), variant: "destructive" });
    } finally {
      removing.current.delete(step.id);
    }
  };

  const undo = async () => {
    if (!removed) return;
    document.getElementById("new-step")?.focus();
    // Back in its place among the steps as they are now (ticked since, or a smaller step put first):
    // after the step it followed, or first if it was.
    const { step, index, after } = removed;
    try {
      const shown = stepsWith(steps, step.text);
      await change((latest) => {
        const now = kept(latest);
        // Once more than on the list shown, it is back: put back before, its answer lost.
        if (stepsWith(now, step.text) > shown) return now;
        const previous = after === null ? -1 : now.findIndex((s) => s.text === after);
        const at = after === null ? 0 : previous >= 0 ? previous + 1 : Math.min(index, now.length);
        now.splice(at, 0, step);
        return now;
      });
      setRemoved(null);
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Could not put the step back."),
        variant: "destructive",
      });
    }
  };

  return (
    <section aria-labelledby="steps-title">
      <h3 id="steps-title" className="mb-2 font-semibold">
        Steps
      </h3>
      {steps.length === 0 ? (
        <p className="mb-2 text-sm text-muted">No steps yet. Write the first small one, or press I'm stuck.</p>
      ) : (
        <ul className="grid gap-1">
          {steps.map((step, i) => (
            // The words keep at least 8 rem; narrower (larger text), the remove button goes under them.
            <li key={rowKeys[i]} className="flex flex-wrap items-start gap-1">
              <label className="flex min-w-[min(8rem,100%)] flex-1 items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-accent">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
                  checked={step.done}
                  // Named by its words alone; "Waiting to sync" describes it.
                  aria-label={step.text}
                  aria-describedby={waits(step) ? `step-waiting-${step.id}` : undefined}
                  onChange={() => onToggle(step)}
                />
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                  <span className={step.done ? "wrap-anywhere text-muted line-through" : "wrap-anywhere"}>
                    {step.text}
                  </span>
                  {waits(step) && (
                    <span id={`step-waiting-${step.id}`} className="text-xs whitespace-nowrap text-muted">
                      Waiting to sync
                    </span>
                  )}
                </span>
              </label>
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto"
                data-remove-step=""
                aria-label={`Remove step: ${step.text}`}
                title="Remove step"
                onClick={(e) => void remove(step, e.currentTarget)}
              >
                <X className="size-4 text-muted" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {allDone && <p className="mt-2 font-medium text-primary">All steps completed!</p>}
      <div role="status" className="text-sm">
        {removed && (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted">
            <span className="min-w-0 wrap-anywhere">Removed "{inToast(removed.step.text)}".</span>
            <Button variant="outline" size="sm" onClick={() => void undo()}>
              Undo
            </Button>
          </p>
        )}
      </div>
      <form
        className="mt-2 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        {/* The box keeps at least 8 rem beside Add step; narrower (larger text), Add step goes under it. */}
        <Input
          id="new-step"
          className="min-w-[min(8rem,100%)] flex-1"
          aria-label="New step"
          placeholder="Add a step..."
          maxLength={300}
          value={text}
          disabled={full}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={!text.trim() || full || adding}>
          <Plus className="size-4" aria-hidden />
          Add step
        </Button>
      </form>
      {full && <p className="mt-1 text-sm text-muted">A task keeps at most {TASK_STEPS_MAX} steps.</p>}
    </section>
  );
}
