import { useCallback, useRef } from "react";

/**
 * Runs the given work one after another, each once the one before has settled (whether it was
 * saved or refused): for changes each made to what the one before saved, such as a whole list
 * sent at once (a project's tasks, a task's steps). Answers what `run` answers.
 */
export function useOneAfterAnother(): <T>(run: () => Promise<T>) => Promise<T> {
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(<T>(run: () => Promise<T>) => {
    const next = last.current.catch(() => undefined).then(run);
    last.current = next;
    return next;
  }, []);
}
