import { useCallback, useEffect, useRef, useState } from "react";

export type CountdownState = "idle" | "running" | "paused" | "done";

/** Ticks once a second; reaching zero stops and calls `onDone` once. */
export function useCountdown(totalSeconds: number, onDone: () => void) {
  const [remaining, setRemaining] = useState(totalSeconds);
  const [state, setState] = useState<CountdownState>("idle");
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (state !== "running") return;
    const timer = setInterval(() => {
      setRemaining((r) => {
        if (r <= 1) {
          clearInterval(timer);
          setState("done");
          queueMicrotask(() => onDoneRef.current());
          return 0;
        }
        return r - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [state]);

  const start = useCallback(() => {
    setRemaining((r) => (r === 0 ? totalSeconds : r));
    setState("running");
  }, [totalSeconds]);
  const pause = useCallback(() => setState("paused"), []);
  const reset = useCallback(
    (seconds = totalSeconds) => {
      setRemaining(seconds);
      setState("idle");
    },
    [totalSeconds],
  );

  return { remaining, state, start, pause, reset, setRemaining };
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
