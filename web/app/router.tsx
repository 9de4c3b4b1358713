import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "./auth.tsx";

// Each route is its own chunk: a signed-out visitor downloads only the landing page.
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
const CalendarPage = lazy(() => import("../pages/calendar.tsx").then((m) => ({ default: m.CalendarPage })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Protected routes render nothing while the session loads and send signed-out visitors to /. */
function SignedInShell() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === "loading") return null;
  if (status === "unauthenticated") {
    if (pathname === "/") return <LandingPage />;
    return <Navigate to="/" replace />;
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
  if (status === "authenticated") return <Navigate to="/" replace />;
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
          { path: "/", element: <DashboardPage /> },
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/tasks", element: <TasksPage /> },
          { path: "/projects", element: <ProjectsPage /> },
          { path: "/project-detail", element: <Navigate to="/projects" replace /> },
          { path: "/project-detail/:id", element: <ProjectDetailPage /> },
          { path: "/inbox", element: <InboxPage /> },
          { path: "/focus", element: <FocusPage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/help", element: <HelpPage /> },
          { path: "/calendar", element: <CalendarPage /> },
        ],
      },
      { path: "/login", element: <LoginRoute /> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/privacy", element: <PrivacyPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
