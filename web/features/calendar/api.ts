import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { listUrl } from "../../../shared/list-url.ts";
import type {
  CaldavConnectInput,
  CaldavStatus,
  CalendarEvent,
  CalendarStatus,
  CreateEventInput,
  caldavConnected,
  caldavStatus,
  calendarStatus,
  calendarSyncSummary,
  event,
  googleAuthUrl,
  User,
} from "../../../shared/schemas.ts";
import { scheduleParams } from "../../app/first-read-urls.ts";
import { api } from "../../lib/api.ts";
import { formatShortDay, zonedNow } from "../../lib/dates.ts";
import { editLists } from "../../lib/list-cache.ts";
import { createOrKeep, type Saved, withWaitingChanges } from "../../lib/outbox.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { sendOrKeepChange } from "../../lib/waiting-change.ts";

const EVENTS = queryKeys.events[0];

/** Every event, leaving out those deleted on this device whose delete still waits (web/lib/outbox.ts). */
export const eventsQuery = () =>
  queryOptions({
    queryKey: queryKeys.events,
    queryFn: async () => withWaitingChanges(EVENTS, await api.query<z.ZodArray<typeof event>>(EVENTS)),
  });

export function useEvents() {
  return useQuery(eventsQuery());
}

/**
 * The schedule's events: those of `today` (the user's, YYYY-MM-DD) and tomorrow only. Up to
 * LIST_LIMIT_MAX of them, far more than two days hold.
 */
export const scheduleQuery = (today: string) => {
  const params = scheduleParams(today);
  return queryOptions({
    queryKey: queryKeys.page(queryKeys.events, params),
    queryFn: async () => withWaitingChanges(EVENTS, (await api.page<typeof event>(listUrl(EVENTS, params))).items),
  });
};

export function useScheduleEvents(timeZone: string) {
  return useQuery(scheduleQuery(zonedNow(new Date(), timeZone).date));
}

const NOT_CONNECTED: CalendarStatus = { connected: false, lastSyncedAt: null, lastError: null };

/** A fresh connection syncs in the background: look again until its first run has finished. */
const untilFirstSync = (query: { state: { data?: CalendarStatus } }) => {
  const data = query.state.data;
  return data?.connected && !data.lastSyncedAt && !data.lastError ? 2000 : false;
};

/** A failed status check counts as not connected (spec section 4). */
export const googleStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.googleStatus,
    refetchInterval: untilFirstSync,
    queryFn: async (): Promise<CalendarStatus> => {
      try {
        const body = await api.query<z.ZodType<Partial<CalendarStatus> | null>>(queryKeys.googleStatus[0]);
        return {
          connected: body?.connected === true,
          lastSyncedAt: body?.lastSyncedAt ?? null,
          lastError: body?.lastError ?? null,
        };
      } catch {
        return NOT_CONNECTED;
      }
    },
  });

export const caldavStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.caldavStatus,
    refetchInterval: untilFirstSync,
    queryFn: async (): Promise<CaldavStatus> => {
      try {
        return await api.query<typeof caldavStatus>(queryKeys.caldavStatus[0]);
      } catch {
        return { ...NOT_CONNECTED, serverUrl: null, username: null, calendarUrl: null };
      }
    },
  });

export function useGoogleStatus() {
  return useQuery(googleStatusQuery());
}

export function useCaldavStatus() {
  return useQuery(caldavStatusQuery());
}

export function disconnectGoogle() {
  return api.post<typeof calendarStatus>("/api/google/disconnect");
}

export function connectCaldav(input: CaldavConnectInput) {
  return api.post<typeof caldavConnected>("/api/caldav/connect", input, { slow: true });
}

export function disconnectCaldav() {
  return api.post<typeof calendarStatus>("/api/caldav/disconnect");
}

/**
 * Syncs whichever calendar is connected (Google or CalDAV: one endpoint) and answers what changed;
 * a failure carries the server's reason.
 */
export function syncCalendar() {
  return api.post<typeof calendarSyncSummary>("/api/google/sync", undefined, { slow: true });
}

export async function connectGoogle(): Promise<void> {
  const { authUrl } = await api.get<typeof googleAuthUrl>("/api/google/auth-url");
  if (!authUrl) throw new Error("No auth URL");
  window.location.assign(authUrl);
}

function useSyncAfter() {
  const queryClient = useQueryClient();
  return async (hasGoogleId: boolean) => {
    const google = queryClient.getQueryData(googleStatusQuery().queryKey);
    const caldav = queryClient.getQueryData(caldavStatusQuery().queryKey);
    if (!(google?.connected || caldav?.connected) || !hasGoogleId) return;
    try {
      await syncCalendar();
    } catch (error) {
      console.warn("Provider sync after save failed", error);
    }
  };
}

export type EventInput = Omit<CreateEventInput, "userId">;

/** An event's words in the list of what waits; just one day of a repeating event names that day. */
export const waitingLabel = (event: { title: string; date: string }, scope?: "this" | "all") =>
  scope ? `${event.title} (${formatShortDay(event.date)})` : event.title;

/**
 * What Save sends: a new event whole, or a change to one the server has as the fields the person
 * changed (docs/decisions/056-edits-over-what-is-there.md), with the event's words as the dialog
 * shows them for the list of what waits.
 */
export type EventSave =
  | { id?: undefined; input: EventInput; scope?: undefined }
  | { id: number; input: Partial<EventInput>; shown: Pick<EventInput, "title" | "date">; scope?: "this" | "all" };

/**
 * Saves an event: a change to one the server has, or a new one. A new event made while the server
 * cannot be reached waits on this device (web/lib/outbox.ts) and is added, once, with its
 * Idempotency-Key, when the connection is back; `waiting` says so. The calendar shows it from then.
 * A change to an event that does not repeat waits too, shown at once, and so does a change to
 * just one occurrence of a repeating event (`scope: "this"`: the server changes that row alone). A
 * change to all of them from this one on (`scope: "all"`, or a new rule) rewrites the series on the
 * server and needs the connection.
 */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  const syncAfter = useSyncAfter();
  return useMutation({
    mutationFn: async (save: EventSave): Promise<Saved<CalendarEvent>> => {
      if (save.id === undefined) {
        const { input } = save;
        const userId = queryClient.getQueryData<User | null>(queryKeys.me)?.id;
        const made = await createOrKeep(
          { userId, path: EVENTS, body: input, label: input.title, action: "Event" },
          (key) => api.post<typeof event>(EVENTS, input, { idempotencyKey: key }),
        );
        if (made.saved) await syncAfter(true);
        return made;
      }
      const { id, input, scope } = save;
      if (scope === "all") {
        const saved = await api.put<typeof event>(`${EVENTS}/${id}?scope=${scope}`, input);
        await syncAfter(saved.googleId !== null);
        return { saved, waiting: false };
      }
      const query = scope ? `?scope=${scope}` : "";
      const answer = await sendOrKeepChange<CalendarEvent>(
        queryClient,
        queryKeys.events,
        {
          id,
          body: () => input,
          action: () => "Edit",
          method: "PUT",
          label: waitingLabel(save.shown, scope),
          query,
        },
        () => api.put<typeof event>(`${EVENTS}/${id}${query}`, input),
      );
      if (answer.waiting) {
        editLists<CalendarEvent>(queryClient, queryKeys.events, (rows) =>
          rows.map((e) => (e.id === id ? { ...e, ...input } : e)),
        );
        return { saved: null, waiting: true };
      }
      await syncAfter(answer.googleId !== null);
      return { saved: answer, waiting: false };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const syncAfter = useSyncAfter();
  return useMutation({
    /**
     * `scope`: for an occurrence of a repeating event, just this one or all of them (from it on).
     * `leaving`: sent as the page is left, so the request outlives it.
     */
    mutationFn: async ({
      event,
      scope,
      leaving,
    }: {
      event: CalendarEvent;
      scope?: "this" | "all";
      leaving?: boolean;
    }) => {
      await api.delete(`${EVENTS}/${event.id}${scope ? `?scope=${scope}` : ""}`, { keepalive: leaving });
      await syncAfter(event.googleId !== null);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events }),
  });
}

/** Events, both connections' status: what a sync may have changed. */
export function useReloadCalendar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.events, queryKeys.googleStatus, queryKeys.caldavStatus].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

const EVENT_COLORS: Record<string, string> = {
  Work: "bg-blue-500",
  Personal: "bg-violet-500",
  Health: "bg-emerald-500",
  Finance: "bg-amber-500",
  Social: "bg-pink-500",
  "Google Calendar": "bg-red-500",
};

export function eventColorClass(category: string | null): string {
  return (category && EVENT_COLORS[category]) || "bg-slate-400";
}

/** Takes an event off every list on screen at once, and brings the lists back from the server. */
export function useEventVisibility() {
  const queryClient = useQueryClient();
  return {
    hide: (id: number) =>
      queryClient.setQueriesData<CalendarEvent[]>({ queryKey: queryKeys.events }, (old) =>
        Array.isArray(old) ? old.filter((e) => e.id !== id) : old,
      ),
    restore: () => void queryClient.invalidateQueries({ queryKey: queryKeys.events }),
  };
}
