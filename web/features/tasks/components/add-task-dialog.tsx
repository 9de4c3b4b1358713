import { useState } from "react";
import {
  DEFAULT_TASK_CATEGORY,
  TASK_CATEGORIES,
  TIME_ESTIMATE_DEFAULT,
  TIME_ESTIMATE_MAX,
  TIME_ESTIMATE_MIN,
} from "../../../../shared/constants.ts";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input, NativeSelect } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useCreateTask } from "../api.ts";

/** Unparsable or out-of-range estimates fall back to the default (spec section 5). */
export function parseEstimate(raw: string): number {
  const n = Number.parseInt(raw, 10);
  if (Number.isNaN(n)) return TIME_ESTIMATE_DEFAULT;
  return Math.min(TIME_ESTIMATE_MAX, Math.max(TIME_ESTIMATE_MIN, n));
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; user: User | null; requireUser: () => boolean };

export function AddTaskDialog({ open, onOpenChange, user, requireUser }: Props) {
  const [title, setTitle] = useState("");
  const [estimate, setEstimate] = useState(String(TIME_ESTIMATE_DEFAULT));
  const [dueTime, setDueTime] = useState("");
  const [category, setCategory] = useState<string>(DEFAULT_TASK_CATEGORY);
  const create = useCreateTask();
  const blank = title.trim() === "";

  const reset = () => {
    setTitle("");
    setEstimate(String(TIME_ESTIMATE_DEFAULT));
    setDueTime("");
    setCategory(DEFAULT_TASK_CATEGORY);
  };

  const submit = async () => {
    if (blank || create.isPending) return;
    if (!requireUser() || !user) return;
    try {
      await create.mutateAsync({
        title: title.trim(),
        timeEstimate: parseEstimate(estimate),
        dueTime: dueTime || null,
        category: category as (typeof TASK_CATEGORIES)[number],
        userId: user.id,
      });
      toast({ title: "Task Added", description: "Your new focus task has been added." });
      reset();
      onOpenChange(false);
    } catch (error) {
      // The server's refusal is shown as it is; a request that never got an answer says so.
      toast({
        title: "Error Adding Task",
        description:
          error instanceof ApiError
            ? errorMessage(error, "Could not save task.")
            : `Failed to add task: ${errorMessage(error)}`,
        variant: "destructive",
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Task" description="Add a focus task for today.">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field id="task-title" label="Task title">
          <Input
            id="task-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="What do you want to focus on?"
            autoComplete="off"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="task-estimate" label="Time estimate (minutes)">
            <Input
              id="task-estimate"
              type="number"
              min={TIME_ESTIMATE_MIN}
              max={TIME_ESTIMATE_MAX}
              value={estimate}
              onChange={(e) => setEstimate(e.target.value)}
            />
          </Field>
          <Field id="task-due" label="Due time (optional)">
            <Input id="task-due" type="time" value={dueTime} onChange={(e) => setDueTime(e.target.value)} />
          </Field>
        </div>
        <Field id="task-category" label="Category">
          <NativeSelect id="task-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            {TASK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || create.isPending}>
            {create.isPending ? "Adding..." : "Add Task"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
