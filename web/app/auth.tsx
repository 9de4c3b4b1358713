import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import type { Settings, User } from "../../shared/schemas.ts";
import { toast } from "../components/ui/toast-store.ts";
import { apiRequest } from "../lib/api.ts";
import { browserTimeZone } from "../lib/dates.ts";
import { writeLocal } from "../lib/storage.ts";

export const ME_KEY = ["/api/auth/me"] as const;
/** The lists loaded right after sign-in, so the dashboard opens complete. */
const DATA_KEYS = ["/api/tasks", "/api/quick-wins", "/api/events", "/api/projects", "/api/thoughts", "/api/settings"];
const SETTINGS_KEY = ["/api/settings"];

type AuthState = {
  status: "loading" | "authenticated" | "unauthenticated";
  user: User | null;
  signIn: (mode: "login" | "register", username: string, password: string) => Promise<User>;
  signOut: () => Promise<void>;
  setUser: (user: User) => void;
};

const AuthContext = createContext<AuthState | null>(null);

async function fetchMe(): Promise<User | null> {
  try {
    const body = await apiRequest<{ user: User } | null>("GET", "/api/auth/me", undefined, { nullOn401: true });
    return body?.user ?? null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, gcTime: Number.POSITIVE_INFINITY });
  const user = me.data ?? null;

  useEffect(() => {
    if (me.isPending) return;
    writeLocal(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
  }, [me.isPending, user]);

  const setUser = useCallback(
    (next: User) => {
      queryClient.setQueryData(ME_KEY, next);
      writeLocal(STORAGE_KEYS.user, JSON.stringify(next));
    },
    [queryClient],
  );

  /** Loads every list once per signed-in user, telling them when some of it could not load. */
  const loadedFor = useRef<number | null>(null);
  const loadAll = useCallback(
    async (userId: number) => {
      if (loadedFor.current === userId) return;
      loadedFor.current = userId;
      await Promise.all(DATA_KEYS.map((key) => queryClient.prefetchQuery({ queryKey: [key] })));
      if (DATA_KEYS.some((key) => queryClient.getQueryState([key])?.status === "error")) {
        loadedFor.current = null;
        toast({
          title: "Error Loading Data",
          description: "Could not load some of your data. Please try refreshing.",
          variant: "destructive",
        });
      }
      await followBrowserTimeZone(queryClient.getQueryData<Settings>(SETTINGS_KEY), (saved) =>
        queryClient.setQueryData(SETTINGS_KEY, saved),
      );
    },
    [queryClient],
  );

  useEffect(() => {
    if (user?.id) void loadAll(user.id);
  }, [user?.id, loadAll]);

  const signIn = useCallback(
    async (mode: "login" | "register", username: string, password: string) => {
      const { user: signedIn } = await apiRequest<{ user: User }>("POST", `/api/auth/${mode}`, { username, password });
      // A previous user's cached lists must never show for this one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
      loadedFor.current = null;
      setUser(signedIn);
      await loadAll(signedIn.id);
      return signedIn;
    },
    [queryClient, setUser, loadAll],
  );

  const signOut = useCallback(async () => {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch {
      // The local session is cleared either way; the cookie expires on its own.
    }
    // The session query is set, not removed: its observer must hear the change so every screen
    // re-renders signed out. Everything else (lists, suggestions) is dropped.
    queryClient.setQueryData(ME_KEY, null);
    loadedFor.current = null;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
    writeLocal(STORAGE_KEYS.user, null);
    toast({ title: "Logged out successfully" });
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      status: me.isPending ? "loading" : user ? "authenticated" : "unauthenticated",
      user,
      signIn,
      signOut,
      setUser,
    }),
    [me.isPending, user, signIn, signOut, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * "Today", "approaching" and the times sent to a connected calendar use the user's zone; it
 * follows the browser the user signs in from (docs/decisions/007-time-zone-follows-browser.md).
 */
async function followBrowserTimeZone(settings: Settings | undefined, onSaved: (s: Settings) => void) {
  const zone = browserTimeZone();
  if (!settings || settings.timeZone === zone) return;
  try {
    onSaved(await apiRequest<Settings>("PUT", "/api/settings", { timeZone: zone }));
  } catch (error) {
    console.warn("Could not store the time zone", error);
  }
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}

/** The destructive toast for actions that need a signed-in user (spec section 5). */
export function requireUser(user: User | null, what: string): user is User {
  if (user?.id) return true;
  toast({ title: "Authentication Required", description: `Please log in to add a ${what}.`, variant: "destructive" });
  return false;
}
