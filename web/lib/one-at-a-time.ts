import { useRef } from "react";

/**
 * `run`, ignored while an earlier call is still on its way: two clicks on Add, or a click and
 * Enter, before the screen has redrawn its button as busy, make one record, not two (each call
 * would send its own Idempotency-Key).
 */
export function useOneAtATime<A extends unknown[]>(run: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await run(...args);
    } finally {
      running.current = false;
    }
  };
}
