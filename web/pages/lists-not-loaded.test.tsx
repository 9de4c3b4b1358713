// @vitest-environment jsdom
/**
 * A page whose list could not be read (the server restarting, no connection, nothing kept for
 * offline use yet) says so and offers to try again: it never shows the list's empty state, which
 * would tell the person their thoughts, projects, events or tasks are gone
 * (docs/decisions/057-kept-on-show.md).
 */
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../shared/schemas.ts";
import { FocusModeProvider } from "../app/focus-mode.tsx";
import { readsFail, renderWithOutbox, resetApp, server, signUpInUtc } from "../testing/app-harness.tsx";
import { CalendarPage } from "./calendar.tsx";
import { FocusPage } from "./focus.tsx";
import { InboxPage } from "./inbox.tsx";
import { ProjectsPage } from "./projects.tsx";

configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUpInUtc();
});
afterEach(resetApp);

const TODAY = new Date().toISOString().slice(0, 10);

describe.each<[string, string, () => Promise<unknown>, () => ReactElement, string, string]>([
  [
    "Inbox",
    "/api/thoughts",
    () => server("POST", "/api/thoughts", { content: "Call the plumber", type: "Note" }),
    () => <InboxPage />,
    "Your inbox is empty",
    "Call the plumber",
  ],
  [
    "Projects",
    "/api/projects",
    () => server("POST", "/api/projects", { title: "Move house", bucket: "personal", tasks: [] }),
    () => <ProjectsPage />,
    "No projects in this category yet",
    "Move house",
  ],
  [
    "Calendar",
    "/api/events",
    () => server("POST", "/api/events", { title: "Dentist", date: TODAY, startTime: "23:59", duration: 1 }),
    () => <CalendarPage />,
    "No events scheduled",
    "Dentist",
  ],
  [
    "Focus",
    "/api/tasks",
    () => server("POST", "/api/tasks", { title: "Write the report" }),
    () => (
      <FocusModeProvider>
        <FocusPage />
      </FocusModeProvider>
    ),
    "No tasks available for focus",
    "Write the report",
  ],
])("%s, its list not read", (_, path, add, page, emptyWords, itemWords) => {
  it("says it could not load, never that it is empty, and shows the list once Try again reads it", async () => {
    await add();
    const back = readsFail(path);
    renderWithOutbox(page(), user);
    expect(await screen.findByText("This list could not load just now.")).toBeVisible();
    expect(screen.queryByText(emptyWords)).not.toBeInTheDocument();
    back();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findAllByText(itemWords))[0]).toBeVisible();
    expect(screen.queryByText("This list could not load just now.")).not.toBeInTheDocument();
  });
});
