import type { ReactNode } from "react";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage, limitReason } from "../../../lib/api.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE } from "../../../lib/outbox.ts";
import { useCreateTask } from "../api.ts";
import { useNewTaskDraft } from "../draft.ts";
import { parseEstimate, TaskFields, taskFormProblem, taskInputOf } from "./task-fields.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User | null;
  requireUser: () => boolean;
  /** Shown under the estimate: the kinder estimate learnt from focus sessions, composed by the page. */
  estimateOffer?: (form: { category: string; estimate: number }, use: (minutes: number) => void) => ReactNode;
};

/**
 * Add Task. What is typed is kept through a reload or a closed dialog until the task is added,
 * its title emptied or Cancel pressed (docs/decisions/044-new-task-draft.md).
 */
export function AddTaskDialog({ open, onOpenChange, user, requireUser, estimateOffer }: Props) {
  const { values, change, clear } = useNewTaskDraft();
  const create = useCreateTask();
  const blank = values.title.trim() === "";
  const problem = taskFormProblem(values);

  const submit = useOneAtATime(async () => {
    if (blank || problem) return;
    if (!requireUser() || !user) return;
    try {
      const { waiting } = await create.mutateAsync({ ...taskInputOf(values), userId: user.id });
      toast(waiting ? SAVED_OFFLINE : { title: "Task Added", description: "Your new focus task has been added." });
      clear();
      onOpenChange(false);
    } catch (error) {
      // The server's refusal is shown as it is; a request that never got an answer says so.
      toast({
        title: "Error Adding Task",
        description:
          error instanceof ApiError
            ? (limitReason(error) ?? errorMessage(error, "Could not save task."))
            : `Failed to add task: ${errorMessage(error)}`,
        variant: "destructive",
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Task" description="Add a focus task for today.">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TaskFields
          idPrefix="task"
          titleFirst
          values={values}
          onChange={change}
          afterEstimate={estimateOffer?.(
            { category: values.category, estimate: parseEstimate(values.estimate) },
            (minutes) => change({ estimate: String(minutes) }),
          )}
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button
            variant="outline"
            onClick={() => {
              // While the task is on its way its words stay until it is saved: a save that fails
              // after Cancel leaves them for the next Add Task instead of nowhere.
              if (!create.isPending) clear();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={blank || problem !== null || create.isPending}>
            {create.isPending ? "Adding..." : "Add Task"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
