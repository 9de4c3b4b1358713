import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { zonedNow } from "./dates.ts";
import { useMinuteNow } from "./use-now.ts";

/**
 * Reads every list again when the person's day changes while the app is open (a tab left open
 * past midnight, a phone woken the next morning): "today" moves on as after a reload — a task
 * put off with "Not today" comes back, "Done today" starts afresh, the schedule and the
 * assistant look at the new day. Draws nothing; only it is redrawn each minute.
 */
export function DayChangeWatcher({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const today = zonedNow(useMinuteNow(), timeZone).date;
  const seen = useRef(today);
  useEffect(() => {
    if (seen.current === today) return;
    seen.current = today;
    void queryClient.invalidateQueries();
  }, [today, queryClient]);
  return null;
}
