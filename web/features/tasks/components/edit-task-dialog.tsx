import { useState } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useUpdateTask } from "../api.ts";
import { TaskFields, taskFormOf, taskFormProblem, taskInputOf } from "./task-fields.tsx";

type Props = { task: Task; onClose: () => void };

const SCOPES = [
  { value: "all", label: "All of them", hint: "Every time it comes back." },
  { value: "this", label: "Just this one", hint: "Only today's; the routine stays as it is." },
] as const;

/**
 * Edits a task's title, estimate, due time, category and repeat with the Add Task dialog's fields.
 * For a routine it asks whether the change is for all of them or just this one
 * (docs/decisions/032-routines.md); a new repeat rule is always for all of them.
 */
export function EditTaskDialog({ task, onClose }: Props) {
  const [values, setValues] = useState(() => taskFormOf(task));
  const [scope, setScope] = useState<"all" | "this">("all");
  const update = useUpdateTask();
  const blank = values.title.trim() === "";
  const problem = taskFormProblem(values);
  const { repeat, ...rest } = taskInputOf(values);
  const ruleChanged = repeat !== task.repeat;
  const asks = task.repeat !== null && !ruleChanged;

  const submit = async () => {
    if (blank || problem || update.isPending) return;
    try {
      const justThis = asks && scope === "this";
      // The rule is sent only when it changed: sending it places the series again.
      await update.mutateAsync({
        id: task.id,
        patch: ruleChanged ? { ...rest, repeat } : rest,
        scope: justThis ? "this" : undefined,
      });
      toast(
        justThis
          ? { title: "Task updated", description: "Changed for today only. The routine stays as it was." }
          : { title: "Task updated", description: "Your changes are saved." },
      );
      onClose();
    } catch {
      toast({ title: "Error", description: "Failed to update task", variant: "destructive" });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit task"
      description="Change what it is, how long it takes or when it is due."
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TaskFields idPrefix="edit-task" values={values} onChange={setValues} />
        {asks && (
          <fieldset className="grid gap-2 rounded-xl border border-border p-3">
            <legend className="px-1 text-sm font-medium">It repeats. Which ones to change?</legend>
            {SCOPES.map((s) => (
              <label key={s.value} className="flex cursor-pointer items-start gap-3 rounded-lg p-1">
                <input
                  type="radio"
                  name="edit-task-scope"
                  value={s.value}
                  checked={scope === s.value}
                  onChange={() => setScope(s.value)}
                  className="mt-0.5 size-4 accent-[var(--primary)]"
                />
                <span className="grid">
                  <span className="text-sm font-medium">{s.label}</span>
                  <span className="text-xs text-muted">{s.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {task.repeat !== null && ruleChanged && <p className="text-sm text-muted">A new repeat changes all of them.</p>}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || problem !== null || update.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
