import { type Query, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { STORAGE_KEYS } from "../../shared/constants.ts";
import type { Settings, User } from "../../shared/schemas.ts";
import { dismissToast, toast } from "../components/ui/toast-store.ts";
import { signOut as endSession, meQuery } from "../features/auth/api.ts";
import { forgetFocusSession } from "../features/focus/focus-session.tsx";
import { saveSettings, settingsQuery } from "../features/settings/api.ts";
import { onSessionEnded } from "../lib/api.ts";
import { browserTimeZone } from "../lib/dates.ts";
import { forgetCachedAnswers } from "../lib/offline-caches.ts";
import { forgetWritesOf } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { forgetLocalStartingWith, writeLocal } from "../lib/storage.ts";
import { forgetRecordingsOf } from "../lib/voice-outbox.ts";
import { prefetchDashboard } from "./first-reads.ts";

const ME_KEY = queryKeys.me;

const SESSION_ENDED = {
  title: "You've been signed out",
  description: "Your session on this device ended. Please log in again: what you typed here is kept.",
};

const ACCOUNT_DELETED = {
  title: "Account deleted",
  description: "Your account and everything in it are gone, on every device. Take care.",
};

type AuthState = {
  status: "loading" | "authenticated" | "unauthenticated";
  user: User | null;
  signOut: () => Promise<void>;
  /**
   * After the server deleted the account: signs this device out and forgets everything it kept
   * of the person (docs/decisions/069-delete-account.md).
   */
  accountDeleted: () => Promise<void>;
  setUser: (user: User) => void;
};

const AuthContext = createContext<AuthState | null>(null);

/** Every read but the session's own: what sign-out forgets. */
const notTheSession = (q: Query) => q.queryKey[0] !== ME_KEY[0];

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
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

  /** Loads the dashboard's reads once per signed-in user (right after sign-in), telling them when some of it could not load. */
  const loadedFor = useRef<number | null>(null);
  const loadAll = useCallback(
    async (userId: number) => {
      if (loadedFor.current === userId) return;
      loadedFor.current = userId;
      if (!(await prefetchDashboard(queryClient))) {
        loadedFor.current = null;
        // Offline, the banner says so already, and the reads are made again once it is back: a
        // red "try refreshing" on top would only alarm (a new day's reads are not kept offline).
        if (!navigator.onLine) return;
        toast({
          title: "Error Loading Data",
          description: "Could not load some of your data. Please try refreshing.",
          variant: "destructive",
        });
      }
      const settings = settingsQuery().queryKey;
      await followBrowserTimeZone(queryClient.getQueryData(settings), (saved) =>
        queryClient.setQueryData(settings, saved),
      );
    },
    [queryClient],
  );

  useEffect(() => {
    if (!user?.id) return;
    const userId = user.id;
    void loadAll(userId);
    // Reads that could not be made offline are made once the connection is back.
    const again = () => void loadAll(userId);
    addEventListener("online", again);
    return () => removeEventListener("online", again);
  }, [user?.id, loadAll]);

  /** Set while signing out here, so calls refused meanwhile are not taken for a session ended elsewhere. */
  const signingOut = useRef(false);

  /**
   * Set once this device forgets a person. A screen of theirs drawn once more before it closed
   * (its own state changed as the session ended) asks for its list anew, which puts an empty read
   * back; once the signed-out screens are drawn, every read none of them shows is dropped too.
   */
  const forgot = useRef(false);
  useEffect(() => {
    if (user !== null || !forgot.current) return;
    forgot.current = false;
    queryClient.removeQueries({ predicate: (q) => notTheSession(q) && q.getObserversCount() === 0 });
  }, [user, queryClient]);

  /**
   * What this device forgets of the person at sign-out; with `keepDrafts`, their unsaved work
   * stays for their next sign-in. The outbox stays either way: it is kept per person.
   */
  const forgetSession = useCallback(
    async ({ keepDrafts }: { keepDrafts: boolean }) => {
      // The session query is set, not removed: its observer must hear the change so every screen
      // re-renders signed out. Everything else (lists, suggestions) is dropped.
      queryClient.setQueryData(ME_KEY, null);
      forgot.current = true;
      loadedFor.current = null;
      queryClient.removeQueries({ predicate: notTheSession });
      writeLocal(STORAGE_KEYS.user, null);
      // Work typed and not saved stays on this device only until its person signs out here.
      if (!keepDrafts) forgetLocalStartingWith(`${STORAGE_KEYS.draft}:`);
      forgetFocusSession();
      // What the service worker kept for offline use belongs to this person only.
      await forgetCachedAnswers();
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      // Closing the toasts first sends what waits on them (a delete not undone) while still signed in.
      dismissToast();
      try {
        await endSession();
      } catch {
        // The local session is cleared either way; the cookie expires on its own.
      }
      await forgetSession({ keepDrafts: false });
    } finally {
      signingOut.current = false;
    }
    toast({ title: "Logged out successfully" });
  }, [forgetSession]);

  const accountDeleted = useCallback(async () => {
    const gone = queryClient.getQueryData<User | null>(ME_KEY);
    signingOut.current = true;
    try {
      dismissToast();
      await forgetSession({ keepDrafts: false });
      // Kept per person at sign-out, for their next sign-in; there is none now.
      if (gone) {
        await forgetWritesOf(gone.id);
        await forgetRecordingsOf(gone.id);
      }
      writeLocal(STORAGE_KEYS.mood, null);
      writeLocal(STORAGE_KEYS.lastSuggestionRefresh, null);
    } finally {
      signingOut.current = false;
    }
    toast(ACCOUNT_DELETED);
  }, [queryClient, forgetSession]);

  // A call refused for want of a session while someone is signed in here: the session ended
  // elsewhere (signed out from another device, or expired). Signed out at once, keeping what was
  // typed; the first refusal acts, the rest find no one signed in.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (signingOut.current || !queryClient.getQueryData(ME_KEY)) return;
        void forgetSession({ keepDrafts: true });
        // Shown at once, and holding: the failing call's own error toast, whenever it comes, is
        // not shown over it.
        toast({ ...SESSION_ENDED, holds: true });
      }),
    [queryClient, forgetSession],
  );

  const value = useMemo<AuthState>(
    () => ({
      status: me.isPending ? "loading" : user ? "authenticated" : "unauthenticated",
      user,
      signOut,
      accountDeleted,
      setUser,
    }),
    [me.isPending, user, signOut, accountDeleted, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * "Today", "approaching" and the times sent to a connected calendar use the user's zone; it
 * follows the browser the user signs in from (docs/decisions/007-time-zone-follows-browser.md).
 */
async function followBrowserTimeZone(settings: Settings | undefined, onSaved: (s: Settings) => void) {
  const zone = browserTimeZone();
  if (!settings?.followDeviceTimeZone || settings.timeZone === zone) return;
  try {
    onSaved(await saveSettings({ timeZone: zone }));
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
