import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, useLocation } from "react-router";
import { APP_PAGES, matchPage, PUBLIC_PAGES } from "../../shared/web-routes.ts";
import { useAuth } from "./auth.tsx";
import { PageDataFromApi } from "./page-data-from-api.tsx";

// Each route is its own chunk. (Visitors without a session get the prerendered public pages instead.)
const LandingPage = lazy(() => import("../pages/landing.tsx").then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => import("../pages/login.tsx").then((m) => ({ default: m.LoginPage })));
const TermsPage = lazy(() => import("../pages/terms.tsx").then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import("../pages/privacy.tsx").then((m) => ({ default: m.PrivacyPage })));
const NotFoundPage = lazy(() => import("../pages/not-found.tsx").then((m) => ({ default: m.NotFoundPage })));
const AppLayout = lazy(() => import("./app-layout.tsx").then((m) => ({ default: m.AppLayout })));
const DashboardPage = lazy(() => import("../pages/dashboard.tsx").then((m) => ({ default: m.DashboardPage })));
const TasksPage = lazy(() => import("../pages/tasks.tsx").then((m) => ({ default: m.TasksPage })));
const ProjectsPage = lazy(() => import("../pages/projects.tsx").then((m) => ({ default: m.ProjectsPage })));
const ProjectDetailPage = lazy(() =>
  import("../pages/project-detail.tsx").then((m) => ({ default: m.ProjectDetailPage })),
);
const InboxPage = lazy(() => import("../pages/inbox.tsx").then((m) => ({ default: m.InboxPage })));
const FocusPage = lazy(() => import("../pages/focus.tsx").then((m) => ({ default: m.FocusPage })));
const SettingsPage = lazy(() => import("../pages/settings.tsx").then((m) => ({ default: m.SettingsPage })));
const HelpPage = lazy(() => import("../pages/help.tsx").then((m) => ({ default: m.HelpPage })));
const PublicHelpPage = lazy(() => import("../pages/help.tsx").then((m) => ({ default: m.PublicHelpPage })));
const CalendarPage = lazy(() => import("../pages/calendar.tsx").then((m) => ({ default: m.CalendarPage })));

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
      <Lazy>
        <Outlet />
      </Lazy>
    </AppLayout>
  );
}

function LoginRoute() {
  const { status } = useAuth();
  if (status === "loading") return null;
  if (status === "authenticated") return <Navigate to={PUBLIC_PAGES.landing} replace />;
  return <LoginPage />;
}

export const router = createBrowserRouter([
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
]);
