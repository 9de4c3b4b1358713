import { Compass, FolderKanban, Inbox, LifeBuoy, ListChecks, LogOut, Menu, Settings, Target, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router";
import { useInboxCount } from "../features/thoughts/api.ts";
import { cn } from "../lib/cn.ts";
import { useAuth } from "./auth.tsx";
import { useFocusMode } from "./focus-mode.tsx";

const NAV = [
  { to: "/", label: "Daily Compass", icon: Compass, end: true },
  { to: "/tasks", label: "Tasks", icon: ListChecks },
  { to: "/projects", label: "Projects", icon: FolderKanban },
  { to: "/inbox", label: "Capture Inbox", icon: Inbox, badge: true },
  { to: "/focus", label: "Focus Mode", icon: Target },
  { to: "/settings", label: "Settings", icon: Settings },
  { to: "/help", label: "Help & Support", icon: LifeBuoy },
] as const;

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const unprocessed = useInboxCount().data ?? 0;

  return (
    <div className="flex h-full flex-col gap-6 p-5">
      <div className="flex items-center gap-2 px-2 text-lg font-semibold">
        <Compass className="size-6 text-primary" aria-hidden />
        Daily Compass
      </div>
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
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-fg">
                    <span className="sr-only">Unprocessed thoughts: </span>
                    {unprocessed}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto grid gap-3 border-t border-border pt-4">
        <div className="min-w-0 px-2">
          <p className="truncate font-medium">{user?.displayName || user?.username}</p>
          <p className="truncate text-sm text-muted">{user?.email || (user?.googleId ? "Google Connected" : "")}</p>
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

export function AppLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { stopFocus } = useFocusMode();
  const previousPath = useRef(pathname);

  // Leaving /focus turns focus mode off (spec section 2); tracked here so remounts cannot trigger it.
  useEffect(() => {
    if (previousPath.current === "/focus" && pathname !== "/focus") stopFocus();
    previousPath.current = pathname;
  }, [pathname, stopFocus]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-bg text-fg lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="sticky top-0 hidden h-dvh border-r border-border bg-card lg:block">
        <Sidebar />
      </aside>
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-border bg-card/95 px-4 py-3 backdrop-blur lg:hidden">
        <span className="flex items-center gap-2 font-semibold">
          <Compass className="size-5 text-primary" aria-hidden />
          Daily Compass
        </span>
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          className="rounded-lg p-2 hover:bg-accent"
        >
          <Menu className="size-6" aria-hidden />
        </button>
      </header>
      {menuOpen && (
        <div role="dialog" aria-modal="true" aria-label="Menu" className="fixed inset-0 z-40 bg-card lg:hidden">
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
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </div>
      )}
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">{children}</main>
    </div>
  );
}
