// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Project, User } from "../../../shared/schemas.ts";
import { sendWaiting } from "../../lib/outbox.ts";
import { renderWithApp, resetApp, server, signUp, storedDrafts } from "../../testing/app-harness.tsx";
import { CreateProjectDialog } from "./components/create-project-dialog.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** Create Project, opened from a section's tile, with the session known as the app's shell knows it. */
function open(bucket: "work" | "health" = "work") {
  const onOpenChange = vi.fn();
  renderWithApp(
    <CreateProjectDialog
      open
      onOpenChange={onOpenChange}
      initialBucket={bucket}
      user={user}
      requireUser={() => true}
    />,
    { signedInAs: user },
  );
  return { name: screen.getByLabelText("Project name"), onOpenChange };
}

const listed = () =>
  within(screen.getByRole("group", { name: "Tasks" }))
    .queryAllByRole("listitem")
    .map((item) => item.textContent);

describe("a new project typed into Create Project and not created", () => {
  it("comes back with its words and tasks when the dialog is drawn again, and is forgotten once created", async () => {
    let { name } = open();
    await userEvent.type(name, "Move house");
    await userEvent.type(screen.getByLabelText("Description (optional)"), "Out by March");
    await userEvent.type(screen.getByLabelText("Notes (optional)"), "Ask Sam about the van");
    const newTask = screen.getByLabelText("New project task");
    await userEvent.type(newTask, "Book movers{Enter}");
    await userEvent.type(newTask, "Pack books{Enter}");
    await userEvent.type(newTask, "Cancel the");
    // The page goes away (a reload, a discarded tab) and comes back, opened from another section.
    cleanup();
    ({ name } = open("health"));
    expect(name).toHaveValue("Move house");
    expect(screen.getByLabelText("Description (optional)")).toHaveValue("Out by March");
    expect(screen.getByLabelText("Notes (optional)")).toHaveValue("Ask Sam about the van");
    expect(listed()).toEqual(["Book movers", "Pack books"]);
    expect(screen.getByLabelText("New project task")).toHaveValue("Cancel the");
    // The category is the opener's, as the spec preselects it.
    expect(screen.getByLabelText("Category")).toHaveDisplayValue("Health");
    // The name has focus with the caret after it: typing goes on from the kept words.
    expect(name).toHaveFocus();
    await userEvent.keyboard(" soon");
    expect(name).toHaveValue("Move house soon");

    await userEvent.click(screen.getByRole("button", { name: "Create Project" }));
    expect(await screen.findByText("Project created")).toBeVisible();
    expect(await server<Project[]>("GET", "/api/projects")).toEqual([
      expect.objectContaining({
        title: "Move house soon",
        description: "Out by March",
        notes: "Ask Sam about the van",
        bucket: "health",
        tasks: [expect.objectContaining({ title: "Book movers" }), expect.objectContaining({ title: "Pack books" })],
      }),
    ]);
    expect(storedDrafts()).toEqual([]);
    cleanup();
    ({ name } = open());
    expect(name).toHaveValue("");
    expect(listed()).toEqual([]);
    expect(screen.getByLabelText("New project task")).toHaveValue("");
  });

  it("is given up with Cancel, and kept when the dialog is only closed", async () => {
    let { name, onOpenChange } = open();
    await userEvent.type(screen.getByLabelText("Notes (optional)"), "Ideas for the garden");
    expect(storedDrafts()).toHaveLength(1);
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    cleanup();
    ({ name, onOpenChange } = open());
    expect(screen.getByLabelText("Notes (optional)")).toHaveValue("Ideas for the garden");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(storedDrafts()).toEqual([]);
    cleanup();
    ({ name } = open());
    expect(name).toHaveValue("");
    expect(screen.getByLabelText("Notes (optional)")).toHaveValue("");
  });

  it("keeps a task added while suggestions are on their way, beside the suggestions", async () => {
    // The suggestions' answer is held until the person has added a task of their own.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const signedIn = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await signedIn(input, init);
      if (String(input).includes("/api/ai/project-tasks")) await held;
      return answer;
    });
    const { name } = open();
    await userEvent.type(name, "Plan a birthday party");
    await userEvent.click(screen.getByRole("button", { name: "Get AI suggestions" }));
    expect(await screen.findByRole("button", { name: "Generating..." })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("New project task"), "Call Grandma{Enter}");
    release();
    expect(await screen.findByText(/^Tasks received: [1-9]/)).toBeVisible();
    const tasks = listed();
    expect(tasks[0]).toBe("Call Grandma");
    expect(tasks.length).toBeGreaterThan(1);
  });

  it("is not kept for a deadline alone", async () => {
    open();
    await userEvent.type(screen.getByLabelText("Deadline (optional)"), "2030-01-31");
    expect(screen.getByLabelText("Deadline (optional)")).toHaveValue("2030-01-31");
    expect(storedDrafts()).toEqual([]);
  });
});

describe("Create Project when the answer is lost (docs/decisions/085-a-new-project-offline.md)", () => {
  it("the project waits on this device and, sent again with the first try's Idempotency-Key, is made once", async () => {
    const reachable = globalThis.fetch;
    let lose = true;
    // The server makes the project, and its answer never arrives.
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await reachable(input, init);
      if (lose && init?.method === "POST" && String(input).endsWith("/api/projects")) {
        lose = false;
        throw new TypeError("Failed to fetch");
      }
      return answer;
    });
    const { name, onOpenChange } = open();
    await userEvent.type(name, "Move house");
    await userEvent.click(screen.getByRole("button", { name: "Create Project" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(storedDrafts()).toEqual([]);

    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await server<Project[]>("GET", "/api/projects")).map((p) => p.title)).toEqual(["Move house"]);
  });
});
