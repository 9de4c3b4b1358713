// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import "fake-indexeddb/auto";
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Navigate, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Project, User } from "../../shared/schemas.ts";
import { dismissToast } from "../components/ui/toast-store.ts";
import { projectQuery } from "../features/projects/api.ts";
import { sendWaiting } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import {
  holdAnswers,
  loseConnection,
  loseNextAnswer,
  renderWithOutbox,
  resetApp,
  server,
  signUp,
  storedDrafts,
} from "../testing/app-harness.tsx";
import { ProjectDetailPage } from "./project-detail.tsx";
import { ProjectsPage } from "./projects.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

const addProject = (title: string) => server<Project>("POST", "/api/projects", { title, bucket: "personal" });
const projects = () => server<Project[]>("GET", "/api/projects");
/** The projects the Projects page lists, by title. */
const listed = () => screen.queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);

/** A project's page, as the app opens it; Delete project goes to the Projects page. */
function renderProject(id: number) {
  return renderWithOutbox(
    <Routes>
      <Route path="/" element={<Navigate to={`/project-detail/${id}`} />} />
      <Route path="/projects" element={<ProjectsPage />} />
      <Route path="/project-detail/:id" element={<ProjectDetailPage />} />
    </Routes>,
    user,
  );
}

/** Deletes the project on show without a connection, and lets its toast close. */
async function deleteOffline() {
  await userEvent.click(await screen.findByRole("button", { name: "Delete project" }));
  expect(await screen.findByText("Project deleted")).toBeInTheDocument();
  dismissToast();
  expect(await screen.findByText("Deleted on this device")).toBeInTheDocument();
}

/** Renames the project on show with Edit project, the server out of reach: the change waits. */
async function renameKeptOnDevice(name: string) {
  await userEvent.click(screen.getByRole("button", { name: "Edit project" }));
  const dialog = await screen.findByRole("dialog", { name: "Edit project" });
  await userEvent.clear(within(dialog).getByLabelText("Project name"));
  await userEvent.type(within(dialog).getByLabelText("Project name"), name);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
  expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
}

describe("creating a project while the server cannot be reached (docs/decisions/085-a-new-project-offline.md)", () => {
  const renderProjects = () => renderWithOutbox(<ProjectsPage />, user);

  it("waits in its category, marked and counted, through a reload, and opens once it is made", async () => {
    renderProjects();
    const reconnect = loseConnection();
    await userEvent.click(await screen.findByRole("button", { name: "Add Project to Health" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Project" });
    await userEvent.type(within(dialog).getByLabelText("Project name"), "Run a 5k");
    await userEvent.type(within(dialog).getByLabelText("New project task"), "Buy shoes{Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create Project" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Create Project" })).not.toBeInTheDocument();

    // A reload: it is still there, in Health, counted, marked, and not a link yet.
    cleanup();
    renderProjects();
    const card = await screen.findByRole("article", { name: "Run a 5k" });
    expect(card).toHaveAccessibleDescription("Waiting to sync: it opens once it is saved.");
    expect(card).toHaveTextContent(/^Health.*1 task/);
    expect(screen.getByRole("button", { name: /^Health/ })).toHaveTextContent("Health1");
    expect(screen.queryByRole("link", { name: "Run a 5k" })).toBeNull();
    expect(await projects()).toEqual([]);

    reconnect();
    window.dispatchEvent(new Event("online"));
    const link = await screen.findByRole("link", { name: "Run a 5k" });
    expect(screen.queryByRole("article", { name: "Run a 5k" })).toBeNull();
    const [made] = await projects();
    expect(made).toMatchObject({
      title: "Run a 5k",
      bucket: "health",
      tasks: [{ title: "Buy shoes", completed: false }],
    });
    expect(link).toHaveAttribute("href", `/project-detail/${made.id}`);
    expect(await projects()).toHaveLength(1);
  });
});

describe("editing a project's name while the server cannot be reached (docs/decisions/086-a-project-edit-offline.md)", () => {
  it("waits on this device: its page and the list show it, marked, through a reload, and it is saved once back", async () => {
    const garden = await addProject("Garden");
    renderProject(garden.id);
    expect(await screen.findByRole("heading", { name: "Garden", level: 1 })).toBeInTheDocument();
    const reconnect = loseConnection();
    await renameKeptOnDevice("Vegetable garden");
    expect(screen.queryByRole("dialog", { name: "Edit project" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Vegetable garden", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Waiting to sync", { selector: "header span" })).toBeVisible();

    // A reload: its page, read again from the server, still shows the change, and so does the list.
    cleanup();
    dismissToast();
    renderProject(garden.id);
    expect(await screen.findByRole("heading", { name: "Vegetable garden", level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back to Projects" }));
    const card = await screen.findByRole("link", { name: "Vegetable garden" });
    expect(card).toHaveAccessibleDescription(/Waiting to sync$/);
    expect((await projects()).map((p) => p.title)).toEqual(["Garden"]);

    reconnect();
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect((await projects()).map((p) => p.title)).toEqual(["Vegetable garden"]);
    expect(screen.getByRole("link", { name: "Vegetable garden" })).not.toHaveAccessibleDescription(/Waiting to sync/);
  });
});

describe("a project's notes saved while a change of its name waits on this device (docs/decisions/086-a-project-edit-offline.md)", () => {
  it("join it: the page shows both, marked, and both are saved together once the name can be", async () => {
    const project = await projectWith(["Order boxes"]);
    // The name cannot reach the server (a proxy that drops it, or the connection as it is sent).
    const reachable = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "PUT" && "title" in JSON.parse(String(init.body))
        ? Promise.reject(new TypeError("Failed to fetch"))
        : reachable(input, init),
    );
    await renameKeptOnDevice("Move to the coast");
    // Its toast closed: the one found next is the notes' own, not this one about to be replaced.
    dismissToast();

    await userEvent.click(screen.getByRole("button", { name: "Edit Notes" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Project notes" }), "Van on Saturday");
    await userEvent.click(screen.getByRole("button", { name: "Save Notes" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.getByText("Van on Saturday")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Move to the coast", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Waiting to sync", { selector: "header span" })).toBeVisible();
    // Sent after the name, not before it: nothing reached the server yet.
    expect(await server<Project>("GET", `/api/projects/${project.id}`)).toMatchObject({
      title: "Move flat",
      notes: null,
    });

    vi.stubGlobal("fetch", reachable);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(await server<Project>("GET", `/api/projects/${project.id}`)).toMatchObject({
      title: "Move to the coast",
      notes: "Van on Saturday",
    });
  });
});

describe("a project's tasks changed while the server cannot be reached (docs/decisions/089-a-project-s-tasks-offline.md)", () => {
  /** The row of a task on the project's page. */
  const row = (title: string) => screen.getByText(title, { selector: "li span span" }).closest("li") as HTMLElement;

  it("added, ticked, renamed and deleted: shown, marked, through a reload; saved once back, with what was done elsewhere kept", async () => {
    const project = await projectWith(["Order boxes", "Book the van", "Pack books"]);
    // Another device ticks the van and adds a task; this page still shows the project as it was.
    await server("PUT", `/api/projects/${project.id}`, {
      tasks: [
        { id: 1, title: "Order boxes", completed: false },
        { id: 2, title: "Book the van", completed: true },
        { id: 3, title: "Pack books", completed: false },
        { id: 40, title: "Ask Sam to help", completed: false },
      ],
    });
    const reconnect = loseConnection();

    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Order boxes complete" }));
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Mark Order boxes incomplete" })).toBeChecked();
    expect(within(row("Order boxes")).getByText("Waiting to sync")).toBeVisible();
    expect(screen.getByText("Waiting to sync", { selector: "header span" })).toBeVisible();

    await userEvent.type(screen.getByLabelText("New task"), "Label boxes{Enter}");
    expect(await screen.findByText("Label boxes", { selector: "li span span" })).toBeInTheDocument();
    expect(screen.getByLabelText("New task")).toHaveValue("");
    expect(within(row("Label boxes")).getByText("Waiting to sync")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Edit Book the van" }));
    await userEvent.clear(screen.getByRole("textbox", { name: "Edit task title" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Edit task title" }), "Book the big van{Enter}");
    expect(await screen.findByText("Book the big van", { selector: "li span span" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete Pack books" }));
    expect(await screen.findByText("Task deleted")).toBeVisible();
    expect(
      screen.getByText(
        '"Pack books" is off this project on this device. It will be saved when the connection is back.',
      ),
    ).toBeVisible();
    expect(screen.queryByText("Pack books", { selector: "li span span" })).toBeNull();
    expect(screen.getByText("1 of 3 completed")).toBeInTheDocument();
    // Nothing reached the server.
    expect((await stored(project.id)).map((t) => t.title)).toEqual([
      "Order boxes",
      "Book the van",
      "Pack books",
      "Ask Sam to help",
    ]);

    // A reload: the page, read again, shows the changes made to the project as the server has it.
    cleanup();
    dismissToast();
    renderProject(project.id);
    expect(await screen.findByText("Label boxes", { selector: "li span span" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Tasks" }))
        .getAllByRole("checkbox")
        .map((box) => [box.getAttribute("aria-label"), (box as HTMLInputElement).checked]),
    ).toEqual([
      ["Mark Order boxes incomplete", true],
      ["Mark Book the big van incomplete", true],
      ["Mark Ask Sam to help complete", false],
      ["Mark Label boxes complete", false],
    ]);
    expect(screen.getByText("2 of 4 completed")).toBeInTheDocument();
    expect(within(row("Ask Sam to help")).queryByText("Waiting to sync")).toBeNull();

    reconnect();
    window.dispatchEvent(new Event("online"));
    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => [t.title, t.completed])).toEqual([
        ["Order boxes", true],
        ["Book the big van", true],
        ["Ask Sam to help", false],
        ["Label boxes", false],
      ]),
    );
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).progress).toBe(50);
  });

  it("a task added to a project deleted elsewhere meanwhile: its words are kept at the top of the screen", async () => {
    const project = await projectWith(["Order boxes"]);
    const reconnect = loseConnection();
    await userEvent.type(screen.getByLabelText("New task"), "Label boxes{Enter}");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    reconnect();
    await server("DELETE", `/api/projects/${project.id}`);

    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText("One thing couldn't be saved")).toBeInTheDocument();
    const kept = await screen.findByRole("region", { name: /Couldn.t be saved/ });
    expect(within(kept).getByText("Label boxes")).toBeVisible();
    // Only what was typed: the task that was there already is not among the words kept.
    expect(within(kept).queryByText("Order boxes")).toBeNull();
  });
});

describe("a task renamed here that another device deleted meanwhile (docs/decisions/091-a-renamed-task-deleted-elsewhere.md)", () => {
  /** Another device deletes "Book the van"; this page still shows it. */
  const deleteVanElsewhere = (id: number) =>
    server("PUT", `/api/projects/${id}`, { tasks: [{ id: 1, title: "Order boxes", completed: false }] });
  const renameVan = async () => {
    await userEvent.click(screen.getByRole("button", { name: "Edit Book the van" }));
    await userEvent.clear(screen.getByRole("textbox", { name: "Edit task title" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Edit task title" }), "Book the big van{Enter}");
  };

  it("comes back with the name given here, and the page shows it", async () => {
    const project = await projectWith(["Order boxes", "Book the van"]);
    await deleteVanElsewhere(project.id);
    await renameVan();

    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => t.title)).toEqual(["Order boxes", "Book the big van"]),
    );
    expect(await screen.findByText("Book the big van", { selector: "li span span" })).toBeInTheDocument();
    expect(screen.getByText("0 of 2 completed")).toBeInTheDocument();
  });

  it("renamed while the server could not be reached, comes back with that name once sent", async () => {
    const project = await projectWith(["Order boxes", "Book the van"]);
    const reconnect = loseConnection();
    await renameVan();
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    reconnect();
    await deleteVanElsewhere(project.id);

    window.dispatchEvent(new Event("online"));
    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => t.title)).toEqual(["Order boxes", "Book the big van"]),
    );
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(screen.getByText("Book the big van", { selector: "li span span" })).toBeInTheDocument();
  });
});

describe("a project's notes saved while the server cannot be reached (docs/decisions/090-a-project-s-notes-offline.md)", () => {
  /** Writes notes on the project's page and saves them. */
  const saveNotes = async (words: string) => {
    await userEvent.click(screen.getByRole("button", { name: "Edit Notes" }));
    await userEvent.clear(screen.getByRole("textbox", { name: "Project notes" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Project notes" }), words);
    await userEvent.click(screen.getByRole("button", { name: "Save Notes" }));
  };
  const notesStored = async (id: number) => (await server<Project>("GET", `/api/projects/${id}`)).notes;

  it("wait on this device: shown, marked, through a reload, and saved once back", async () => {
    const project = await projectWith(["Order boxes"]);
    const reconnect = loseConnection();
    await saveNotes("Van on Saturday");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Project notes" })).toBeNull();
    expect(screen.getByText("Van on Saturday")).toBeVisible();
    expect(screen.getByText("Waiting to sync", { selector: "header span" })).toBeVisible();
    expect(storedDrafts()).toEqual([]);

    cleanup();
    dismissToast();
    renderProject(project.id);
    expect(await screen.findByText("Van on Saturday")).toBeVisible();
    // What waits is read back from the device too: the mark is back before anything is sent.
    expect(await screen.findByText("Waiting to sync", { selector: "header span" })).toBeVisible();
    expect(await notesStored(project.id)).toBeNull();

    reconnect();
    window.dispatchEvent(new Event("online"));
    await waitFor(async () => expect(await notesStored(project.id)).toBe("Van on Saturday"));
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
  });

  it("saved elsewhere meanwhile, are not saved over: the words are kept at the top of the screen, and a tick waiting with them is saved", async () => {
    const project = await projectWith(["Order boxes"]);
    const reconnect = loseConnection();
    await saveNotes("Van on Saturday");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Order boxes complete" }));
    expect(await screen.findByText("1 of 1 completed")).toBeInTheDocument();
    reconnect();
    // Another device saves notes before these are sent.
    await server("PUT", `/api/projects/${project.id}`, { notes: "Keys from the agent" });

    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText("One thing couldn't be saved")).toBeInTheDocument();
    expect(
      screen.getByText(
        '"Move flat" wasn\'t accepted: These notes were changed elsewhere after you began. Your words are kept at the top of the screen.',
      ),
    ).toBeVisible();
    const kept = await screen.findByRole("region", { name: /Couldn.t be saved/ });
    expect(within(kept).getByText("Van on Saturday")).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(await notesStored(project.id)).toBe("Keys from the agent");
    expect((await stored(project.id)).map((t) => t.completed)).toEqual([true]);
    expect(await screen.findByText("Keys from the agent")).toBeVisible();
  });

  it("saved elsewhere meanwhile, alone: nothing is saved over them, and the words are kept", async () => {
    const project = await projectWith(["Order boxes"]);
    const reconnect = loseConnection();
    await saveNotes("Van on Saturday");
    expect(await screen.findByText("Saved on this device")).toBeInTheDocument();
    reconnect();
    await server("PUT", `/api/projects/${project.id}`, { notes: "Keys from the agent" });

    window.dispatchEvent(new Event("online"));
    const kept = await screen.findByRole("region", { name: /Couldn.t be saved/ });
    expect(within(kept).getByText("Van on Saturday")).toBeVisible();
    expect(within(kept).getByText("Not accepted: These notes were changed elsewhere after you began")).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
    expect(await notesStored(project.id)).toBe("Keys from the agent");
  });
});

describe("deleting a project while the server cannot be reached (docs/decisions/029-installable-offline.md)", () => {
  it("waits on this device: the project stays off the list and its page through a read of them, and is deleted once back", async () => {
    const garden = await addProject("Garden");
    await addProject("Taxes");
    const { queryClient } = renderProject(garden.id);
    expect(await screen.findByRole("heading", { name: "Garden", level: 1 })).toBeInTheDocument();
    const reconnect = loseConnection();
    await deleteOffline();

    await waitFor(() => expect(listed()).toEqual(["Taxes"]));
    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    expect(screen.getByRole("list", { name: "What is waiting to sync" })).toHaveTextContent("Delete:Garden");
    // Read again, the list and the project's own page leave it out; the server still has it.
    await queryClient.refetchQueries({ queryKey: queryKeys.projects, exact: true });
    expect(queryClient.getQueryData<Project[]>(queryKeys.projects)?.map((p) => p.title)).toEqual(["Taxes"]);
    expect(listed()).toEqual(["Taxes"]);
    await expect(queryClient.fetchQuery(projectQuery(garden.id))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await projects()).map((p) => p.title).sort()).toEqual(["Garden", "Taxes"]);

    reconnect();
    const refused = vi.fn();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: refused });
    expect(refused).not.toHaveBeenCalled();
    expect((await projects()).map((p) => p.title)).toEqual(["Taxes"]);
  });

  it("is taken back with 'Bring back': 'Not deleted', the project is listed again, and nothing is deleted", async () => {
    const garden = await addProject("Garden");
    renderProject(garden.id);
    expect(await screen.findByRole("heading", { name: "Garden", level: 1 })).toBeInTheDocument();
    const reconnect = loseConnection();
    await deleteOffline();
    await waitFor(() => expect(listed()).toEqual([]));

    await userEvent.click(screen.getByText("Waiting to sync: 1"));
    await userEvent.click(screen.getByRole("button", { name: "Bring back Garden" }));
    expect(await screen.findByText("Not deleted")).toBeInTheDocument();
    await waitFor(() => expect(listed()).toEqual(["Garden"]));
    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: vi.fn() });
    expect((await projects()).map((p) => p.title)).toEqual(["Garden"]);
  });
});

describe("notes and a task half written on a project's page, when the project is deleted", () => {
  /** Notes and a new task typed on the project's page and not saved: kept on this device. */
  async function writeHalfway() {
    await userEvent.click(await screen.findByRole("button", { name: "Edit Notes" }));
    await userEvent.type(screen.getByLabelText("Project notes"), "Ask about the");
    await userEvent.type(screen.getByLabelText("New task"), "Call the");
    await waitFor(() => expect(storedDrafts()).toHaveLength(2));
  }

  it("deleted offline, they stay while the delete waits (it can be brought back) and go once it is sent", async () => {
    const garden = await addProject("Garden");
    renderProject(garden.id);
    await writeHalfway();
    const reconnect = loseConnection();
    await deleteOffline();
    expect(storedDrafts()).toHaveLength(2);

    reconnect();
    await sendWaiting(user.id, { onSent: () => {}, onRefused: vi.fn() });
    expect(await projects()).toEqual([]);
    expect(storedDrafts()).toEqual([]);
  });

  it("deleted on another device, they go when its page finds it gone", async () => {
    const garden = await addProject("Garden");
    const { queryClient } = renderProject(garden.id);
    await writeHalfway();
    await server("DELETE", `/api/projects/${garden.id}`);
    await queryClient.refetchQueries({ queryKey: queryKeys.project(garden.id) });
    expect(await screen.findByText("Project not found")).toBeVisible();
    expect(storedDrafts()).toEqual([]);
  });
});

describe("a project's page when reading it again fails", () => {
  it("stays on the project as it was read, instead of leaving for the list with an error", async () => {
    const garden = await addProject("Garden");
    const { queryClient } = renderProject(garden.id);
    expect(await screen.findByRole("heading", { name: "Garden", level: 1 })).toBeInTheDocument();
    // The server restarting: its reads fail for a moment, as a thought converted into the project
    // from the inbox has the page read again.
    const reachable = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith("/api/projects")
        ? Promise.resolve(new Response('{"message":"Not now"}', { status: 503 }))
        : reachable(input, init),
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.project(garden.id) });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.project(garden.id))?.status).toBe("error"));
    expect(screen.getByRole("heading", { name: "Garden", level: 1 })).toBeInTheDocument();
    expect(screen.queryByText("Could not load project details")).toBeNull();
  });
});

/** The project "Move flat" with these tasks, its page drawn. */
async function projectWith(tasks: string[]) {
  const project = await server<Project>("POST", "/api/projects", {
    title: "Move flat",
    bucket: "personal",
    tasks: tasks.map((title, i) => ({ id: i + 1, title, completed: false })),
  });
  renderProject(project.id);
  expect(await screen.findByRole("heading", { name: "Move flat", level: 1 })).toBeInTheDocument();
  return project;
}
/** A project's tasks as the server has them. */
const stored = async (id: number) => (await server<Project>("GET", `/api/projects/${id}`)).tasks;

describe("a project's tasks changed while an earlier change is still on its way", () => {
  it("keeps both of two ticks made one after the other", async () => {
    const project = await projectWith(["Order boxes", "Book the van"]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Order boxes complete" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Book the van complete" }));
    // Nothing shows as ticked before it is saved (spec section 4), but the page says it is on its way.
    const saving = within(screen.getByRole("region", { name: "Tasks" })).getByRole("status");
    expect(saving).toHaveTextContent("Saving...");
    release();

    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => [t.title, t.completed])).toEqual([
        ["Order boxes", true],
        ["Book the van", true],
      ]),
    );
    expect(await screen.findByText("2 of 2 completed")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Mark Order boxes incomplete" })).toBeChecked();
    expect(saving).toHaveTextContent("");
  });

  it("keeps a change made elsewhere while the page was open: a tick here is made to the project as it is now", async () => {
    const project = await projectWith(["Order boxes", "Book the van"]);
    // Another device ticks the van and adds a task; this page still shows the project as it was.
    await server("PUT", `/api/projects/${project.id}`, {
      tasks: [
        { id: 1, title: "Order boxes", completed: false },
        { id: 2, title: "Book the van", completed: true },
        { id: 3, title: "Tell the bank", completed: false },
      ],
    });
    expect(screen.getByText("0 of 2 completed")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Order boxes complete" }));

    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => [t.title, t.completed])).toEqual([
        ["Order boxes", true],
        ["Book the van", true],
        ["Tell the bank", false],
      ]),
    );
    // The page shows the project as saved, the other device's changes with this one.
    expect(await screen.findByText("2 of 3 completed")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Mark Book the van incomplete" })).toBeChecked();
    expect(screen.getByText("Tell the bank")).toBeInTheDocument();
    expect(screen.queryByText("Failed to update task status")).not.toBeInTheDocument();
  });

  it("adds a task to a project a thought was converted into meanwhile, keeping that task", async () => {
    const project = await projectWith(["Order boxes"]);
    const thought = await server<{ id: number }>("POST", "/api/thoughts", {
      content: "Measure the sofa",
      type: "Note",
    });
    await server("POST", `/api/thoughts/${thought.id}/convert`, { to: "project", projectId: project.id });
    await userEvent.type(screen.getByPlaceholderText("Add a new task..."), "Book the van{Enter}");

    await waitFor(async () =>
      expect((await stored(project.id)).map((t) => t.title)).toEqual([
        "Order boxes",
        "Measure the sofa",
        "Book the van",
      ]),
    );
    expect(await screen.findByText("0 of 3 completed")).toBeInTheDocument();
  });

  it("notes saved elsewhere while these were written are not saved over unseen: shown, then kept on a second Save", async () => {
    const project = await projectWith(["Order boxes"]);
    await server("PUT", `/api/projects/${project.id}`, { notes: "Keys from the agent" });
    // This page still shows no notes; another device wrote some.
    await userEvent.click(screen.getByRole("button", { name: "Edit Notes" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Project notes" }), "Van on Saturday");
    await userEvent.click(screen.getByRole("button", { name: "Save Notes" }));

    expect(await screen.findByText("Notes not saved")).toBeInTheDocument();
    expect(
      screen.getByText("These notes were changed elsewhere after you began. Saving keeps what is here."),
    ).toBeInTheDocument();
    // What a second Save would replace is shown, so it can be copied before it goes.
    expect(screen.getByRole("region", { name: "Notes saved elsewhere" })).toHaveTextContent(
      "Saved elsewhere:Keys from the agent",
    );
    expect(screen.getByRole("textbox", { name: "Project notes" })).toHaveValue("Van on Saturday");
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).notes).toBe("Keys from the agent");

    await userEvent.click(screen.getByRole("button", { name: "Save Notes" }));
    expect(await screen.findByText("Notes updated")).toBeInTheDocument();
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).notes).toBe("Van on Saturday");
  });

  it("notes are saved at once when only the tasks changed elsewhere, and the tick made there stays", async () => {
    const project = await projectWith(["Order boxes"]);
    await server("PUT", `/api/projects/${project.id}`, { tasks: [{ id: 1, title: "Order boxes", completed: true }] });
    await userEvent.click(screen.getByRole("button", { name: "Edit Notes" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Project notes" }), "Van on Saturday");
    await userEvent.click(screen.getByRole("button", { name: "Save Notes" }));

    expect(await screen.findByText("Notes updated")).toBeInTheDocument();
    const saved = await server<Project>("GET", `/api/projects/${project.id}`);
    expect(saved.notes).toBe("Van on Saturday");
    expect(saved.tasks).toEqual([{ id: 1, title: "Order boxes", completed: true }]);
    expect(screen.getByText("1 of 1 completed")).toBeInTheDocument();
  });

  it("adds a task once however often Enter or Add is pressed, and keeps what is typed after it", async () => {
    const project = await projectWith([]);
    const release = holdAnswers((_url, init) => init.method === "PUT");
    const input = screen.getByPlaceholderText("Add a new task...");
    await userEvent.type(input, "Order boxes{Enter}{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    // The next task is being typed while the first is on its way.
    await userEvent.clear(input);
    await userEvent.type(input, "Book the");
    release();

    await waitFor(async () => expect((await stored(project.id)).map((t) => t.title)).toEqual(["Order boxes"]));
    expect(await screen.findByText("0 of 1 completed")).toBeInTheDocument();
    expect(input).toHaveValue("Book the");
  });
});

describe("a change to a project's tasks whose answer was lost, made again (docs/decisions/064-project-changes-sent-again.md)", () => {
  /** Sends what waits on this device, as the app does once the connection is back, and waits until it is sent. */
  const sendKept = async () => {
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.queryByText(/Waiting to sync/)).toBeNull());
  };

  it("a task whose answer was lost waits on this device, and is added once", async () => {
    const project = await projectWith(["Order boxes"]);
    loseNextAnswer("PUT");
    const input = screen.getByLabelText("New task");
    await userEvent.type(input, "Book the van{Enter}");
    // The server has it; this page does not know, and keeps the change to send again (decision 089).
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect((await stored(project.id)).map((t) => t.title)).toEqual(["Order boxes", "Book the van"]);
    expect(screen.getByText("Book the van", { selector: "li span span" })).toBeInTheDocument();
    expect(input).toHaveValue("");
    expect(storedDrafts()).toEqual([]);

    await sendKept();
    expect((await stored(project.id)).map((t) => t.title)).toEqual(["Order boxes", "Book the van"]);
    expect(await screen.findByText("0 of 2 completed")).toBeInTheDocument();
  });

  it("a task whose answer was lost, the page opened afresh, is shown once and added once", async () => {
    const project = await projectWith([]);
    loseNextAnswer("PUT");
    await userEvent.type(screen.getByLabelText("New task"), "Book the van{Enter}");
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    // A reload: the project is read again, with the task in it already, and the waiting change
    // made to it adds nothing more.
    cleanup();
    dismissToast();
    renderProject(project.id);
    expect(await screen.findByText("0 of 1 completed")).toBeInTheDocument();
    expect(screen.getByLabelText("New task")).toHaveValue("");

    await sendKept();
    expect((await stored(project.id)).map((t) => t.title)).toEqual(["Book the van"]);
    expect(screen.getByText("0 of 1 completed")).toBeInTheDocument();
  });

  it("the same words added again once the first was answered are another task", async () => {
    const project = await projectWith([]);
    const input = screen.getByLabelText("New task");
    await userEvent.type(input, "Call Sam{Enter}");
    expect(await screen.findByText("0 of 1 completed")).toBeInTheDocument();
    await userEvent.type(input, "Call Sam{Enter}");
    expect(await screen.findByText("0 of 2 completed")).toBeInTheDocument();
    expect((await stored(project.id)).map((t) => t.title)).toEqual(["Call Sam", "Call Sam"]);
  });

  it("a tick, a rename and a delete whose answers were lost leave the project as one of each would", async () => {
    const project = await projectWith(["Order boxes", "Book the van", "Tell the bank"]);
    loseNextAnswer("PUT");
    await userEvent.click(screen.getByRole("checkbox", { name: "Mark Order boxes complete" }));
    expect(await screen.findByText("Saved on this device")).toBeVisible();
    expect(await screen.findByText("1 of 3 completed")).toBeInTheDocument();
    dismissToast();

    // The next changes join the one waiting, so they arrive after it.
    await userEvent.click(screen.getByRole("button", { name: "Edit Book the van" }));
    await userEvent.clear(screen.getByLabelText("Edit task title"));
    await userEvent.type(screen.getByLabelText("Edit task title"), "Book the big van{Enter}");
    expect(await screen.findByText("Book the big van")).toBeInTheDocument();
    expect(screen.queryByLabelText("Edit task title")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Delete Tell the bank" }));
    expect(await screen.findByText("Task deleted")).toBeVisible();

    await sendKept();
    expect((await stored(project.id)).map((t) => [t.title, t.completed])).toEqual([
      ["Order boxes", true],
      ["Book the big van", false],
    ]);
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).progress).toBe(50);
  });
});

describe("a project's tasks by keyboard", () => {
  it("gives focus back to a task's Edit button once it is renamed or left as it was", async () => {
    await projectWith(["Order boxes", "Book the van"]);
    screen.getByRole("button", { name: "Edit Order boxes" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: "Edit task title" })).toHaveFocus();
    await userEvent.keyboard(" and tape{Enter}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Edit Order boxes and tape" })).toHaveFocus());

    await userEvent.keyboard("{Tab}{Tab}{Tab}");
    expect(screen.getByRole("button", { name: "Edit Book the van" })).toHaveFocus();
    await userEvent.keyboard("{Enter}{Escape}");
    expect(screen.getByRole("button", { name: "Edit Book the van" })).toHaveFocus();
  });

  it("moves focus to the next task's Delete as one is deleted, then the one before's, then the New task box", async () => {
    await projectWith(["Order boxes", "Book the van", "Pack books"]);
    screen.getByRole("button", { name: "Delete Book the van" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Book the van" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete Pack books" })).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Pack books" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete Order boxes" })).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Order boxes" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("textbox", { name: "New task" })).toHaveFocus());
  });
});

describe("the Projects page's add buttons", () => {
  it("each names the category it adds to", async () => {
    await addProject("Garden");
    renderWithOutbox(<ProjectsPage />, user);
    expect(await screen.findByRole("button", { name: "Add New Project to Personal" })).toBeVisible();
    for (const bucket of ["Work", "Health", "Finance"]) {
      expect(screen.getByRole("button", { name: `Add Project to ${bucket}` })).toBeVisible();
    }
  });
});

describe("a project's card on the Projects page", () => {
  it("is a link named by the project, described once by its category, progress, tasks done and next task", async () => {
    const garden = await addProject("Garden");
    await server("PUT", `/api/projects/${garden.id}`, {
      tasks: [
        { id: 1, title: "Buy soil", completed: true },
        { id: 2, title: "Plant tulips", completed: false },
      ],
    });
    renderWithOutbox(<ProjectsPage />, user);
    const card = await screen.findByRole("link", { name: "Garden" });
    expect(card).toHaveAccessibleDescription("Personal Progress 50% 1 of 2 tasks completed Next: Plant tulips");
    cleanup();
    await server("PUT", `/api/projects/${garden.id}`, { deadline: "2027-04-01" });
    renderWithOutbox(<ProjectsPage />, user);
    expect(await screen.findByRole("link", { name: "Garden" })).toHaveAccessibleDescription(
      "Personal Due Apr 1, 2027 Progress 50% 1 of 2 tasks completed Next: Plant tulips",
    );
  });
});
