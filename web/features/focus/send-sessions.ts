import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { recordFocusSession } from "./estimates.ts";
import type { UnsentSession } from "./session-store.ts";

/** Answers worth trying again later: the key is still being handled elsewhere, or the server is busy. */
const tryLater = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 409 || error.status === 429 || error.status >= 500;

/**
 * Sends each finished focus session on a task once. Its key makes a second tab or a reload that
 * sends it again count it once; without a connection it waits and goes when the app is back online.
 */
export function useSendFocusSessions(unsent: UnsentSession[], forget: (key: string) => void): void {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<string>());
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const retry = () => setOnline((n) => n + 1);
    addEventListener("online", retry);
    return () => removeEventListener("online", retry);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `online` only asks for another try.
  useEffect(() => {
    for (const session of unsent) {
      if (inFlight.current.has(session.key)) continue;
      inFlight.current.add(session.key);
      recordFocusSession(session)
        .then(
          () => {
            forget(session.key);
            void queryClient.invalidateQueries({ queryKey: queryKeys.estimates });
          },
          (error: unknown) => {
            // A refusal (the task is gone, signed out) will not change by sending again.
            if (!tryLater(error)) forget(session.key);
          },
        )
        .finally(() => inFlight.current.delete(session.key));
    }
  }, [unsent, forget, queryClient, online]);
}
