import {
  CalendarDays,
  Compass,
  FolderKanban,
  Inbox,
  LifeBuoy,
  ListChecks,
  LogOut,
  Menu,
  NotebookPen,
  Settings,
  Target,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { lazyDialog } from "../components/lazy-dialog.tsx";
import { OfflineBanner } from "../components/offline-banner.tsx";
import { holdToasts } from "../components/ui/toast-store.ts";
import { UpdatePrompt } from "../components/update-prompt.tsx";
import { WaitingWrites } from "../components/waiting-writes.tsx";
import { FocusSessionPill } from "../features/focus/components/focus-session-pill.tsx";
import { FocusSessionProvider } from "../features/focus/focus-session.tsx";
import { useSettings, useTimeZone } from "../features/settings/api.ts";
import { useInboxCount } from "../features/thoughts/api.ts";
import { CAPTURE_SHORTCUT, useCaptureShortcut } from "../features/thoughts/capture-shortcut.ts";
import { useSendKeptRecordings } from "../features/thoughts/voice.ts";
import { cn } from "../lib/cn.ts";
import { DayChangeWatcher } from "../lib/day-change.tsx";
import { useAuth } from "./auth.tsx";
import { useDisplayPreferences } from "./display-preferences.ts";
import { useFocusMode } from "./focus-mode.tsx";

// Capture's dialog (with the dialog library under it) is fetched once the browser is idle after
// the first paint, or at the first opening if that comes sooner; the service worker keeps a copy
// for offline use (docs/decisions/036-dashboard-first-paint.md).
const CaptureDialog = lazyDialog(() =>
  import("../features/thoughts/components/capture-dialog.tsx").then((m) => m.CaptureDialog),
);

const NAV = [
  { to: "/", label: "Daily Compass", icon: Compass, end: true },
  { to: "/tasks", label: "Tasks", icon: ListChecks },
  { to: "/projects", label: "Projects", icon: FolderKanban },
  { to: "/inbox", label: "Capture Inbox", icon: Inbox, badge: true },
  { to: "/focus", label: "Focus Mode", icon: Target },
  { to: "/calendar", label: "Calendar", icon: CalendarDays },
  { to: "/settings", label: "Settings", icon: Settings },
  { to: "/help", label: "Help & Support", icon: LifeBuoy },
] as const;

function CaptureButton({
  onCapture,
  className,
  compact = false,
}: {
  onCapture: () => void;
  className?: string;
  /** On a phone's header: the icon alone, still named "Capture". */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onCapture}
      aria-keyshortcuts={CAPTURE_SHORTCUT}
      title={`Capture a thought (${CAPTURE_SHORTCUT})`}
      className={cn(
        "inline-flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-accent",
        className,
      )}
    >
      <NotebookPen className="size-4 text-primary" aria-hidden />
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Capture</span>
    </button>
  );
}

/** The sidebar's breakpoint: Tailwind's `lg`, where the layout's grid gives it a column. */
const WIDE_SCREEN = "(min-width: 64rem)";
const canMatch = () => typeof window !== "undefined" && typeof window.matchMedia === "function";
function followWideScreen(onChange: () => void) {
  if (!canMatch()) return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const isWideScreen = () => !canMatch() || window.matchMedia(WIDE_SCREEN).matches;

function Sidebar({ onNavigate, onCapture }: { onNavigate?: () => void; onCapture: () => void }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const unprocessed = useInboxCount();

  return (
    <div className="flex min-h-full flex-col gap-6 p-[min(1.25rem,20px)]">
      <div className="flex items-center gap-2 px-2 text-lg font-semibold">
        <Compass className="size-6 text-primary" aria-hidden />
        Daily Compass
      </div>
      <CaptureButton
        className="mx-2"
        onCapture={() => {
          onNavigate?.();
          onCapture();
        }}
      />
      <nav aria-label="Main">
        <ul className="grid gap-1">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={"end" in item ? item.end : false}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
                    isActive ? "bg-accent text-fg" : "text-muted hover:bg-accent hover:text-fg",
                  )
                }
              >
                <item.icon className="size-5" aria-hidden />
                <span className="flex-1">{item.label}</span>
                {"badge" in item && unprocessed > 0 && (
                  <span
                    data-count=""
                    className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg"
                  >
                    <span className="sr-only">Unprocessed thoughts: </span>
                    {unprocessed}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <FocusSessionPill className="mx-2 w-fit" onNavigate={onNavigate} />
      <div className="mt-auto grid gap-3 border-t border-border pt-4">
        <div className="min-w-0 px-2">
          <p className="font-medium wrap-anywhere">{user?.displayName || user?.username}</p>
          <p className="text-sm text-muted wrap-anywhere">
            {user?.email || (user?.googleId ? "Google Connected" : "")}
          </p>
        </div>
        <button
          type="button"
          onClick={async () => {
            onNavigate?.();
            await signOut();
            navigate("/", { replace: true });
          }}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-muted hover:bg-accent hover:text-fg"
        >
          <LogOut className="size-5" aria-hidden />
          Sign out
        </button>
      </div>
    </div>
  );
}

/** The signed-in layout; the focus session lives here so it survives moving between screens. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <FocusSessionProvider>
      <Shell>{children}</Shell>
    </FocusSessionProvider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useDisplayPreferences(useSettings().data);
  const { user } = useAuth();
  useSendKeptRecordings(user?.id);
  const timeZone = useTimeZone();
  const [menuOpen, setMenuOpen] = useState(false);
  const wideScreen = useSyncExternalStore(followWideScreen, isWideScreen);
  const [captureOpen, setCaptureOpen] = useCaptureShortcut();
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { stopFocus } = useFocusMode();
  const previousPath = useRef(pathname);

  // Leaving /focus turns focus mode off (spec section 2); tracked here so remounts cannot trigger it.
  useEffect(() => {
    if (previousPath.current === "/focus" && pathname !== "/focus") stopFocus();
    previousPath.current = pathname;
  }, [pathname, stopFocus]);

  // The phone menu is a dialog: Escape closes it, Tab stays inside it, and closing it gives
  // focus back to the menu button.
  useEffect(() => {
    if (!menuOpen) return;
    const opener = menuButtonRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
      if (e.key !== "Tab" || !menuRef.current) return;
      const focusable = [...menuRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (opener?.isConnected && !document.activeElement?.closest("main, [role='dialog']")) opener.focus();
    };
  }, [menuOpen]);

  // The open menu fills a phone's screen: the toasts wait until it closes rather than lie over its
  // buttons (Sign out, at its foot), and their time and Undo wait with them.
  const menuShown = menuOpen && !wideScreen;
  useEffect(() => (menuShown ? holdToasts() : undefined), [menuShown]);

  return (
    <div className="min-h-dvh bg-bg text-fg lg:grid lg:grid-cols-[16rem_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-medium text-primary-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-border bg-card lg:block">
        {/* Drawn only where it shows: on a phone the menu holds the same links. */}
        {wideScreen && <Sidebar onCapture={() => setCaptureOpen(true)} />}
      </aside>
      <header className="@container sticky top-0 z-30 flex flex-wrap items-center justify-between gap-2 border-b border-border bg-card/95 px-[min(1rem,16px)] py-3 backdrop-blur lg:hidden">
        <span className="flex items-center gap-2 whitespace-nowrap font-semibold">
          <Compass className="size-5 text-primary" aria-hidden />
          <span className="@max-[20.5rem]:sr-only">Daily Compass</span>
        </span>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <FocusSessionPill />
          <CaptureButton compact className="px-2.5" onCapture={() => setCaptureOpen(true)} />
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className="rounded-lg p-2 hover:bg-accent"
          >
            <Menu className="size-6" aria-hidden />
          </button>
        </div>
      </header>
      {menuOpen && (
        <div
          ref={menuRef}
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-0 z-40 overflow-y-auto bg-card lg:hidden"
        >
          <button
            type="button"
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
            className="absolute top-4 right-4 rounded-lg p-2 hover:bg-accent"
            // biome-ignore lint/a11y/noAutofocus: moving focus into the overlay is what a menu dialog must do
            autoFocus
          >
            <X className="size-6" aria-hidden />
          </button>
          <Sidebar onNavigate={() => setMenuOpen(false)} onCapture={() => setCaptureOpen(true)} />
        </div>
      )}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl px-[min(1rem,16px)] py-6 outline-none sm:px-[min(1.5rem,24px)] lg:px-[min(2.5rem,40px)] lg:py-10"
      >
        <DayChangeWatcher timeZone={timeZone} />
        <OfflineBanner />
        <UpdatePrompt />
        <WaitingWrites userId={user?.id} />
        {children}
      </main>
      <CaptureDialog open={captureOpen} onOpenChange={setCaptureOpen} timeZone={timeZone} />
    </div>
  );
}
