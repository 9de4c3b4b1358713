import { useState } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useUpdateTask } from "../api.ts";
import { TaskFields, taskFormOf, taskInputOf } from "./task-fields.tsx";

type Props = { task: Task; onClose: () => void };

/** Edits a task's title, estimate, due time and category with the Add Task dialog's fields. */
export function EditTaskDialog({ task, onClose }: Props) {
  const [values, setValues] = useState(() => taskFormOf(task));
  const update = useUpdateTask();
  const blank = values.title.trim() === "";

  const submit = async () => {
    if (blank || update.isPending) return;
    try {
      const { repeat, ...rest } = taskInputOf(values);
      // The rule is sent only when it changed: sending it places the series again.
      await update.mutateAsync({ id: task.id, patch: repeat === task.repeat ? rest : { ...rest, repeat } });
      toast({ title: "Task updated", description: "Your changes are saved." });
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
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || update.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
