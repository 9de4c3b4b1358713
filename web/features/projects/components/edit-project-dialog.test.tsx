// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Project } from "../../../../shared/schemas.ts";
import { renderWithApp, resetApp, server, signUp } from "../../../testing/app-harness.tsx";
import { ProjectView } from "./project-view.tsx";

let project: Project;
beforeEach(async () => {
  const user = await signUp();
  project = await server<Project>("POST", "/api/projects", {
    title: "Garden",
    description: "Beds by the fence",
    bucket: "personal",
    deadline: "2027-04-01",
    tasks: [],
    progress: 0,
    userId: user.id,
  });
});
afterEach(resetApp);

async function openEdit() {
  renderWithApp(<ProjectView project={project} />);
  await userEvent.click(screen.getByRole("button", { name: "Edit project" }));
  return screen.findByRole("dialog", { name: "Edit project" });
}

describe("Edit project (docs/decisions/047-edit-and-delete-projects.md)", () => {
  it("opens on the project as it is, saves cleared fields as none, and says so", async () => {
    const dialog = await openEdit();
    expect(within(dialog).getByLabelText("Project name")).toHaveValue("Garden");
    expect(within(dialog).getByLabelText("Category")).toHaveDisplayValue("Personal");
    expect(within(dialog).getByLabelText("Deadline (optional)")).toHaveValue("2027-04-01");
    // Typing goes on after the name, not over it.
    expect(within(dialog).getByLabelText("Project name")).toHaveFocus();
    await userEvent.keyboard(" beds");
    await userEvent.clear(within(dialog).getByLabelText("Description (optional)"));
    await userEvent.clear(within(dialog).getByLabelText("Deadline (optional)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Project updated")).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Edit project" })).toBeNull();
    expect(await server<Project>("GET", `/api/projects/${project.id}`)).toMatchObject({
      title: "Garden beds",
      description: null,
      deadline: null,
      bucket: "personal",
    });
  });

  it("keeps what another device changed while the dialog was open (docs/decisions/056-edits-over-what-is-there.md)", async () => {
    const dialog = await openEdit();
    await userEvent.keyboard(" beds");
    // Meanwhile, on the phone: a later deadline and a task.
    await server("PUT", `/api/projects/${project.id}`, {
      deadline: "2027-05-01",
      tasks: [{ id: 1, title: "Buy seeds", completed: false }],
      progress: 0,
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Project updated")).toBeVisible();
    expect(await server<Project>("GET", `/api/projects/${project.id}`)).toMatchObject({
      title: "Garden beds",
      description: "Beds by the fence",
      deadline: "2027-05-01",
      tasks: [expect.objectContaining({ title: "Buy seeds" })],
    });
  });

  it("Save with nothing changed closes the dialog and changes nothing", async () => {
    const dialog = await openEdit();
    await server("PUT", `/api/projects/${project.id}`, { description: "Beds by the shed" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit project" })).toBeNull());
    expect(screen.queryByText("Project updated")).toBeNull();
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).description).toBe("Beds by the shed");
  });

  it("keeps Save off for a blank name, and Cancel changes nothing", async () => {
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText("Project name"));
    await userEvent.type(within(dialog).getByLabelText("Project name"), "   ");
    expect(within(dialog).getByRole("button", { name: "Save changes" })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Edit project" })).toBeNull();
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).title).toBe("Garden");
  });

  it("says why the server refused and stays open with what was typed", async () => {
    const dialog = await openEdit();
    const name = within(dialog).getByLabelText("Project name");
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste("n".repeat(201));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(/200/)).toBeVisible();
    expect(name).toHaveValue("n".repeat(201));
    expect((await server<Project>("GET", `/api/projects/${project.id}`)).title).toBe("Garden");
  });
});
