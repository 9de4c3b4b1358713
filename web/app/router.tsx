import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { APP_PAGES, type AppPage, matchPage, PUBLIC_PAGES, type PublicPage } from "../../shared/web-routes.ts";
import { PageLoadFailed } from "../components/page-load-failed.tsx";
import { followNotificationClicks } from "../lib/service-worker.ts";
import { DashboardPage } from "../pages/dashboard.tsx";
import { AppLayout } from "./app-layout.tsx";
import { useAuth } from "./auth.tsx";
import { PageDataFromApi } from "./page-data-from-api.tsx";

// Each route is its own chunk, but for the signed-in layout and the dashboard: most visits open
// there, so they come with the entry and draw without a second round of downloads.
// (Visitors without a session get the prerendered public pages instead.)
const load = {
  landing: () => import("../pages/landing.tsx"),
  login: () => import("../pages/login.tsx"),
  terms: () => import("../pages/terms.tsx"),
  privacy: () => import("../pages/privacy.tsx"),
  notFound: () => import("../pages/not-found.tsx"),
  tasks: () => import("../pages/tasks.tsx"),
  projects: () => import("../pages/projects.tsx"),
  projectDetail: () => import("../pages/project-detail.tsx"),
  inbox: () => import("../pages/inbox.tsx"),
  focus: () => import("../pages/focus.tsx"),
  settings: () => import("../pages/settings.tsx"),
  help: () => import("../pages/help.tsx"),
  calendar: () => import("../pages/calendar.tsx"),
};
const LandingPage = lazy(() => load.landing().then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => load.login().then((m) => ({ default: m.LoginPage })));
const TermsPage = lazy(() => load.terms().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => load.privacy().then((m) => ({ default: m.PrivacyPage })));
const NotFoundPage = lazy(() => load.notFound().then((m) => ({ default: m.NotFoundPage })));
const TasksPage = lazy(() => load.tasks().then((m) => ({ default: m.TasksPage })));
const ProjectsPage = lazy(() => load.projects().then((m) => ({ default: m.ProjectsPage })));
const ProjectDetailPage = lazy(() => load.projectDetail().then((m) => ({ default: m.ProjectDetailPage })));
const InboxPage = lazy(() => load.inbox().then((m) => ({ default: m.InboxPage })));
const FocusPage = lazy(() => load.focus().then((m) => ({ default: m.FocusPage })));
const SettingsPage = lazy(() => load.settings().then((m) => ({ default: m.SettingsPage })));
const HelpPage = lazy(() => load.help().then((m) => ({ default: m.HelpPage })));
const PublicHelpPage = lazy(() => load.help().then((m) => ({ default: m.PublicHelpPage })));
const CalendarPage = lazy(() => load.calendar().then((m) => ({ default: m.CalendarPage })));

/**
 * The code each signed-in screen needs beyond the first load, by the page's name in
 * shared/web-routes.ts (the dashboard comes with the first load; `help` is the help inside the app).
 */
const SCREENS: Partial<Record<AppPage | PublicPage, () => Promise<unknown>>> = {
  tasks: load.tasks,
  projects: load.projects,
  projectDetail: load.projectDetail,
  inbox: load.inbox,
  focus: load.focus,
  settings: load.settings,
  help: load.help,
  calendar: load.calendar,
};

/**
 * Starts loading the first screen's code (the page, with everything it imports) at once, while
 * the session is still being checked, instead of once it is rendered. The route's own import
 * then finds it loaded.
 */
export function preloadFirstScreen(pathname: string): void {
  const match = matchPage(pathname);
  if (match.kind !== "not-found") SCREENS[match.page]?.().catch(() => undefined);
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Protected routes render nothing while the session loads and send signed-out visitors to /.
 * Signed out, `/` is the landing page and `/help` the public help (shared/web-routes.ts); the
 * server sends those prerendered to a browser without a session cookie, so this is for one whose
 * cookie turned out stale, or who just signed out.
 */
function SignedInShell() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === "loading") return null;
  if (status === "unauthenticated") {
    const match = matchPage(pathname);
    if (match.kind === "public" && match.page === "landing") return <LandingPage />;
    if (match.kind === "public" && match.page === "help")
      return (
        <PageDataFromApi>
          <PublicHelpPage />
        </PageDataFromApi>
      );
    return <Navigate to={PUBLIC_PAGES.landing} replace />;
  }
  return (
    <AppLayout>
      <PageLoadFailed at={pathname}>
        <Lazy>
          <Outlet />
        </Lazy>
      </PageLoadFailed>
    </AppLayout>
  );
}

function LoginRoute() {
  const { status } = useAuth();
  if (status === "loading") return null;
  if (status === "authenticated") return <Navigate to={PUBLIC_PAGES.landing} replace />;
  return <LoginPage />;
}

/**
 * The app's routes, drawn by `AppRoutes` inside a `BrowserRouter`: the declarative router, not the
 * data router (`createBrowserRouter`), whose loaders, actions and fetchers the app does not use and
 * which would add about 15 KB (br) to every first load (docs/decisions/036-dashboard-first-paint.md).
 */
const routes: RouteObject[] = [
  {
    element: (
      <Lazy>
        <Outlet />
      </Lazy>
    ),
    children: [
      {
        element: <SignedInShell />,
        children: [
          { path: PUBLIC_PAGES.landing, element: <DashboardPage /> },
          { path: APP_PAGES.dashboard, element: <DashboardPage /> },
          { path: APP_PAGES.tasks, element: <TasksPage /> },
          { path: APP_PAGES.projects, element: <ProjectsPage /> },
          { path: APP_PAGES.projectList, element: <Navigate to={APP_PAGES.projects} replace /> },
          { path: APP_PAGES.projectDetail, element: <ProjectDetailPage /> },
          { path: APP_PAGES.inbox, element: <InboxPage /> },
          { path: APP_PAGES.focus, element: <FocusPage /> },
          { path: APP_PAGES.settings, element: <SettingsPage /> },
          {
            path: PUBLIC_PAGES.help,
            element: (
              <PageDataFromApi>
                <HelpPage />
              </PageDataFromApi>
            ),
          },
          { path: APP_PAGES.calendar, element: <CalendarPage /> },
        ],
      },
      { path: PUBLIC_PAGES.login, element: <LoginRoute /> },
      {
        path: PUBLIC_PAGES.terms,
        element: (
          <PageDataFromApi>
            <TermsPage />
          </PageDataFromApi>
        ),
      },
      {
        path: PUBLIC_PAGES.privacy,
        element: (
          <PageDataFromApi>
            <PrivacyPage />
          </PageDataFromApi>
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** A notification's click, posted by the service worker to an open page, opens its screen here. */
export function NotificationClicks() {
  const navigate = useNavigate();
  useEffect(() => followNotificationClicks((path) => void navigate(path)), [navigate]);
  return null;
}
