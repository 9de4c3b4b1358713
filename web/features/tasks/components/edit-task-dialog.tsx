import { useState } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { EditDialog } from "../../../components/edit-dialog.tsx";
import { changedFields } from "../../../lib/changed-fields.ts";
import { editDraft, useEditDraft } from "../../../lib/draft.ts";
import { useUpdateTask } from "../api.ts";
import { TaskFields, taskFormOf, taskFormProblem, taskInputOf } from "./task-fields.tsx";

/** `onClose` is told the saved row's id: a change for today only saves it as a new one-off task. */
type Props = { task: Task; onClose: (savedId?: number) => void };

/**
 * Edits a task's title, estimate, due time, category and repeat with the Add Task dialog's fields.
 * For a routine it asks whether the change is for all of them or just this one
 * (docs/decisions/032-routines.md); a new repeat rule is always for all of them.
 */
export function EditTaskDialog({ task, onClose }: Props) {
  const [form] = useState(() => taskFormOf(task));
  const { values, change, forget, restored } = useEditDraft(editDraft("task", task.id), form);
  // The fields as the dialog opened: only what differs from them is sent.
  const [opened] = useState(() => taskInputOf(form));
  const update = useUpdateTask();
  const { repeat, ...rest } = taskInputOf(values);
  const ruleChanged = repeat !== task.repeat;

  return (
    <EditDialog
      title="Edit task"
      description="Change what it is, how long it takes or when it is due."
      noun="Task"
      scopeName="edit-task-scope"
      rule={task.repeat}
      newRule={repeat}
      canSave={values.title.trim() !== "" && taskFormProblem(values) === null}
      saving={update.isPending}
      save={async (scope) => {
        // The rule is sent only when it changed: sending it places the series again.
        const { repeat: _, ...was } = opened;
        const changes = changedFields(was, rest);
        if (changes === null && !ruleChanged) return null;
        return update.mutateAsync({
          id: task.id,
          patch: ruleChanged ? { ...changes, repeat } : { ...changes },
          scope,
          occurrence: task.dueDate,
        });
      }}
      failure={() => "Failed to update task"}
      onClose={onClose}
      forget={forget}
      restored={restored}
    >
      <TaskFields idPrefix="edit-task" values={values} onChange={change} />
    </EditDialog>
  );
}
