import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CaldavConnectInput,
  CaldavStatus,
  CalendarEvent,
  CalendarStatus,
  CreateEventInput,
  Settings,
} from "../../../shared/schemas.ts";
import { apiRequest, getJson } from "../../lib/api.ts";
import { browserTimeZone } from "../../lib/dates.ts";

export const EVENTS_KEY = ["/api/events"] as const;
export const GOOGLE_STATUS_KEY = ["/api/google/status"] as const;
export const CALDAV_STATUS_KEY = ["/api/caldav/status"] as const;

export function useEvents() {
  return useQuery<CalendarEvent[]>({ queryKey: EVENTS_KEY });
}

/** The user's zone decides "today" (decisions.md); the browser's until settings arrive. */
export function useTimeZone(): string {
  const settings = useQuery<Settings>({ queryKey: ["/api/settings"] });
  return settings.data?.timeZone || browserTimeZone();
}

const NOT_CONNECTED: CalendarStatus = { connected: false, lastSyncedAt: null, lastError: null };

/** A fresh connection syncs in the background: look again until its first run has finished. */
const untilFirstSync = (query: { state: { data?: CalendarStatus } }) => {
  const data = query.state.data;
  return data?.connected && !data.lastSyncedAt && !data.lastError ? 2000 : false;
};

/** A failed status check counts as not connected (spec section 4). */
export function useGoogleStatus() {
  return useQuery({
    queryKey: GOOGLE_STATUS_KEY,
    refetchInterval: untilFirstSync,
    queryFn: async (): Promise<CalendarStatus> => {
      try {
        const body = await getJson<Partial<CalendarStatus> | null>("/api/google/status");
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
}

export function useCaldavStatus() {
  return useQuery({
    queryKey: CALDAV_STATUS_KEY,
    refetchInterval: untilFirstSync,
    queryFn: async (): Promise<CaldavStatus> => {
      try {
        return await getJson<CaldavStatus>("/api/caldav/status");
      } catch {
        return { ...NOT_CONNECTED, serverUrl: null, username: null, calendarUrl: null };
      }
    },
  });
}

export function disconnectGoogle(): Promise<CalendarStatus> {
  return apiRequest<CalendarStatus>("POST", "/api/google/disconnect");
}

export type CaldavConnected = { connected: true; calendarUrl: string; calendarName: string };

export function connectCaldav(input: CaldavConnectInput): Promise<CaldavConnected> {
  return apiRequest<CaldavConnected>("POST", "/api/caldav/connect", input);
}

export function disconnectCaldav(): Promise<CalendarStatus> {
  return apiRequest<CalendarStatus>("POST", "/api/caldav/disconnect");
}

/** Syncs whichever calendar is connected and answers the server's reason on failure. */
export function syncCalendarNow(): Promise<unknown> {
  return apiRequest("POST", "/api/google/sync");
}

export async function syncGoogle(): Promise<void> {
  const res = await fetch("/api/google/sync", { method: "POST", credentials: "include" });
  if (!res.ok) throw new Error("Failed to sync with Google Calendar");
}

export async function connectGoogle(): Promise<void> {
  const { authUrl } = await apiRequest<{ authUrl: string }>("GET", "/api/google/auth-url");
  if (!authUrl) throw new Error("No auth URL");
  window.location.assign(authUrl);
}

function useSyncAfter() {
  const queryClient = useQueryClient();
  return async (hasGoogleId: boolean) => {
    const google = queryClient.getQueryData<CalendarStatus>(GOOGLE_STATUS_KEY);
    const caldav = queryClient.getQueryData<CalendarStatus>(CALDAV_STATUS_KEY);
    if (!(google?.connected || caldav?.connected) || !hasGoogleId) return;
    try {
      await syncGoogle();
    } catch (error) {
      console.warn("Provider sync after save failed", error);
    }
  };
}

export type EventInput = Omit<CreateEventInput, "userId">;

export function useSaveEvent() {
  const queryClient = useQueryClient();
  const syncAfter = useSyncAfter();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: EventInput }) => {
      const saved = id
        ? await apiRequest<CalendarEvent>("PUT", `/api/events/${id}`, input)
        : await apiRequest<CalendarEvent>("POST", "/api/events", input);
      await syncAfter(id ? saved.googleId !== null : true);
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const syncAfter = useSyncAfter();
  return useMutation({
    mutationFn: async (event: CalendarEvent) => {
      await apiRequest("DELETE", `/api/events/${event.id}`);
      await syncAfter(event.googleId !== null);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
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
