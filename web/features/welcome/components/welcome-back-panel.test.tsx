// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../../shared/dates.ts";
import type { Task } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { LetGoList } from "../../tasks/components/let-go-list.tsx";
import { WelcomeBackPanel } from "./welcome-back-panel.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

// The test server's users live in UTC until they say otherwise.
const today = new Date().toISOString().slice(0, 10);

beforeEach(async () => {
  await signUp();
});
afterEach(resetApp);

async function seed(...titles: string[]): Promise<Task[]> {
  const made: Task[] = [];
  for (const title of titles) made.push(await server<Task>("POST", "/api/tasks", { title, category: "Personal" }));
  return made;
}
const byTitle = async (title: string) => (await server<Task[]>("GET", "/api/tasks")).find((t) => t.title === title);
const letGo = () => server<Task[]>("GET", "/api/tasks?archived=true");

describe("Welcome back", () => {
  it("offers one task at a time; Keep, Later and Let go each do what they say, and focus follows", async () => {
    const tasks = await seed("Call the dentist", "Sort the photos", "Renew the library card");
    const onFinished = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<WelcomeBackPanel tasks={tasks} today={today} onFinished={onFinished} onClose={onClose} />);

    expect(screen.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(screen.getByText("Call the dentist")).toBeVisible();
    expect(screen.queryByText("Sort the photos")).toBeNull();
    expect(document.body.textContent).not.toMatch(/overdue|missed|behind/i);

    await user.click(screen.getByRole("button", { name: "Keep for today" }));
    expect(await screen.findByText("Sort the photos")).toBeVisible();
    expect(screen.getByRole("button", { name: "Keep for today" })).toHaveFocus();
    expect(await byTitle("Call the dentist")).toMatchObject({ completed: false, notBefore: null, archivedAt: null });

    await user.click(screen.getByRole("button", { name: "Later" }));
    expect(await screen.findByText("Renew the library card")).toBeVisible();
    expect(screen.getByRole("button", { name: "Keep for today" })).toHaveFocus();
    await waitFor(async () => expect((await byTitle("Sort the photos"))?.notBefore).toBe(addDays(today, 7)));

    await user.click(screen.getByRole("button", { name: "Let go" }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    await waitFor(async () => expect((await letGo()).map((t) => t.title)).toEqual(["Renew the library card"]));
    expect(await byTitle("Renew the library card")).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toMatch(/overdue|missed|behind/i);
  });

  it("Escape or Not now closes it, changing no task", async () => {
    const tasks = await seed("Water the plants", "Email Robin");
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<WelcomeBackPanel tasks={tasks} today={today} onFinished={() => {}} onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: "Keep for today" }));
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect((await server<Task[]>("GET", "/api/tasks")).map((t) => [t.title, t.notBefore, t.archivedAt])).toEqual([
      ["Water the plants", null, null],
      ["Email Robin", null, null],
    ]);
  });
});

describe("Let go on the Tasks page", () => {
  it("is closed until opened, lists the tasks let go, and brings one back", async () => {
    const [task] = await seed("Learn the ukulele");
    await server("POST", `/api/tasks/${task?.id}/archive`);
    const user = userEvent.setup();
    renderWithApp(<LetGoList />);
    const toggle = screen.getByRole("button", { name: "Let go" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Learn the ukulele")).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(await screen.findByRole("button", { name: "Bring back: Learn the ukulele" }));
    await waitFor(async () => expect((await byTitle("Learn the ukulele"))?.archivedAt).toBeNull());
    expect(await letGo()).toEqual([]);
    expect(await screen.findByText("Tasks you let go wait here, in case you want them back.")).toBeVisible();
  });
});
