import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { z } from "zod";
import { TASK_STEPS_MAX } from "../../../shared/constants.ts";
import type { ReplaceTaskStepsInput, TaskStep, taskStep } from "../../../shared/schemas.ts";
import { stepsEtag } from "../../../shared/versions.ts";
import { toast } from "../../components/ui/toast-store.ts";
import { ApiError, api } from "../../lib/api.ts";
import { madeToWhatIsThere } from "../../lib/made-to-what-is-there.ts";
import { useOneAfterAnother } from "../../lib/one-after-another.ts";
import { withWaitingChanges, withWaitingChangesNow } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { CHANGE_KEPT_OFFLINE, sendOrKeepChange } from "../../lib/waiting-change.ts";

/** One task's breakdown steps, stored with the task (docs/decisions/025-task-steps.md). */
export const taskStepsQuery = (taskId: number) =>
  queryOptions({
    queryKey: queryKeys.taskSteps(taskId),
    // With the ticks still waiting on this device (docs/decisions/092-a-step-ticked-offline.md).
    queryFn: async () =>
      withWaitingChanges(
        queryKeys.taskSteps(taskId)[0],
        await api.query<z.ZodArray<typeof taskStep>>(queryKeys.taskSteps(taskId)[0]),
      ),
  });

export function useTaskSteps(taskId: number) {
  return useQuery(taskStepsQuery(taskId));
}

/**
 * Replaces a task's whole checklist, when it is still at the version `ifMatch` (the list the
 * change was made to); the answer is the stored list.
 */
function saveTaskSteps(taskId: number, steps: ReplaceTaskStepsInput["steps"], ifMatch: string): Promise<TaskStep[]> {
  return api.put<z.ZodArray<typeof taskStep>>(queryKeys.taskSteps(taskId)[0], { steps }, { ifMatch });
}

/** The checklist as the server has it now (read again after it changed elsewhere: never a kept copy). */
const readTaskSteps = (taskId: number) => api.fresh<z.ZodArray<typeof taskStep>>(queryKeys.taskSteps(taskId)[0]);

/** A change to a checklist: the list to save, made from the steps as they are at its turn. */
export type StepsChange = (steps: TaskStep[]) => ReplaceTaskStepsInput["steps"];

/**
 * How many steps have these words. A change sent again after its answer was lost finds itself
 * made by it (docs/decisions/064-project-changes-sent-again.md): a step added or put back is there
 * once more than on the list it was made to, a step removed once less.
 */
export const stepsWith = (steps: readonly { text: string }[], words: string): number =>
  steps.filter((s) => s.text === words).length;

/** Whether `next` holds the steps of `now`, in order, with their ticks: then there is nothing to save. */
function sameSteps(now: TaskStep[], next: ReplaceTaskStepsInput["steps"]): boolean {
  return (
    now.length === next.length &&
    next.every((step, i) => {
      const text = typeof step === "string" ? step : step.text;
      const done = typeof step === "string" ? false : (step.done ?? false);
      return now[i]?.text === text && now[i]?.done === done;
    })
  );
}

/**
 * Changes a task's checklist. Changes are saved one after another, each made to the list the one
 * before saved (with the ticks shown since): a step removed while an earlier removal is still on
 * its way (a slow network) would otherwise be sent with that step still in it, and bring it back.
 * Each is sent with the version of the list it was made to: when the checklist changed elsewhere
 * meanwhile (another device), it is read again, shown, and the change made to it as it is now
 * (docs/decisions/055-versions.md). A step is found by its words, so this holds.
 */
export function useChangeTaskSteps(taskId: number): (change: StepsChange) => Promise<TaskStep[]> {
  const queryClient = useQueryClient();
  const inTurn = useOneAfterAnother();
  return useCallback(
    (change: StepsChange) =>
      inTurn(async () => {
        const key = taskStepsQuery(taskId).queryKey;
        // Ticks still waiting on this device are made with the change: the checklist saved anew
        // carries them (docs/decisions/092-a-step-ticked-offline.md).
        const withTicks = (served: TaskStep[]) => withWaitingChangesNow(key[0], served);
        const steps = await madeToWhatIsThere({
          now: queryClient.getQueryData(key) ?? (await readTaskSteps(taskId)),
          save: (served) => {
            const now = withTicks(served);
            const next = change(now);
            // Made already (sent again after its answer was lost, and found saved): nothing to
            // send, and the steps keep their ids.
            return sameSteps(served, next) ? Promise.resolve(served) : saveTaskSteps(taskId, next, stepsEtag(served));
          },
          read: () => readTaskSteps(taskId),
          show: (served) => queryClient.setQueryData(key, withTicks(served)),
        });
        queryClient.setQueryData(key, steps);
        return steps;
      }),
    [queryClient, taskId, inTurn],
  );
}

/**
 * Ticks a step: shown at once, taken back if the server refuses. When the server cannot be
 * reached, the tick waits on this device (answered marked `waiting`) and is sent later; its
 * checklist saved anew meanwhile carries it (docs/decisions/092-a-step-ticked-offline.md).
 */
export function useTickTaskStep(task: { id: number; userId: number }) {
  const queryClient = useQueryClient();
  const key = taskStepsQuery(task.id).queryKey;
  return useMutation({
    mutationFn: ({ stepId, done }: { stepId: number; done: boolean }) =>
      sendOrKeepChange<TaskStep>(
        queryClient,
        key,
        {
          id: stepId,
          userId: task.userId,
          body: () => ({ done }),
          action: () => (done ? "Step done" : "Step not done"),
          was: { done: !done },
          goneIsMade: true,
        },
        () => api.patch<typeof taskStep>(`${key[0]}/${stepId}`, { done }),
      ),
    onMutate: ({ stepId, done }) => {
      const previous = queryClient.getQueryData(key);
      const tick = (old: TaskStep[] | undefined) => old?.map((s) => (s.id === stepId ? { ...s, done } : s));
      // The box changes under the finger, in the same moment as the click.
      queryClient.setQueryData(key, tick);
      // A read already on its way would answer the list from before the tick, and stopping it puts
      // back what was there when it began: tick again once it has stopped.
      void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.setQueryData(key, tick));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ waiting, ...saved }) => {
      queryClient.setQueryData(key, (old) => old?.map((s) => (s.id === saved.id ? saved : s)));
      if (waiting) toast(CHANGE_KEPT_OFFLINE);
    },
  });
}

/**
 * Makes sure a task has steps before focus mode opens: a task already broken down keeps its
 * checklist and ticks; otherwise `ask` (the assistant's breakdown) fills it. A failed call is
 * only logged: focus mode opens either way (spec section 4, Task Breaker).
 */
export function useBreakDownTask() {
  const queryClient = useQueryClient();
  return async (taskId: number, ask: () => Promise<string[]>): Promise<void> => {
    try {
      const existing = await queryClient.fetchQuery({ ...taskStepsQuery(taskId), staleTime: 0 });
      if (existing.length > 0) return;
      const steps = (await ask()).map((s) => s.trim()).filter(Boolean);
      if (steps.length === 0) return;
      // Saved only to the empty checklist read before asking: steps written elsewhere meanwhile
      // (another device) are kept, and shown, instead.
      const saved = await saveTaskSteps(taskId, steps.slice(0, TASK_STEPS_MAX), stepsEtag(existing)).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 412) return readTaskSteps(taskId);
          throw error;
        },
      );
      queryClient.setQueryData(taskStepsQuery(taskId).queryKey, saved);
    } catch (error) {
      console.warn("Breakdown failed", error);
    }
  };
}
