/** A project changed on this device while the change waited, made to the project as the server has it now. */
import { describe, expect, it } from "vitest";
import type { Project, ProjectTask } from "../../shared/schemas.ts";
import { mergeTasks, projectChangeNow, tasksChanged } from "./project-merge.ts";

const task = (id: number, title: string, completed = false): ProjectTask => ({ id, title, completed });
const base = [task(1, "Order boxes"), task(2, "Book the van"), task(3, "Pack books")];

describe("a project's tasks changed on this device, made to the tasks as they are now", () => {
  it("keeps what was done elsewhere meanwhile beside what was done here", () => {
    // Here: boxes ticked, the van renamed, books deleted, a task added.
    const mine = [task(1, "Order boxes", true), task(2, "Book the big van"), task(50, "Label boxes")];
    // Elsewhere: the van ticked, a task added (from the inbox, say).
    const theirs = [...base.slice(0, 1), task(2, "Book the van", true), base[2], task(40, "Ask Sam to help")];
    expect(mergeTasks(base, mine, theirs)).toEqual([
      task(1, "Order boxes", true),
      task(2, "Book the big van", true),
      task(40, "Ask Sam to help"),
      task(50, "Label boxes"),
    ]);
  });

  it("leaves a task deleted elsewhere deleted, though it was ticked here", () => {
    const mine = [task(1, "Order boxes", true), ...base.slice(1)];
    expect(mergeTasks(base, mine, base.slice(1))).toEqual(base.slice(1));
  });

  it("brings back a task renamed here that was deleted elsewhere, with the name and tick given here", () => {
    const mine = [base[0], task(2, "Book the big van", true), base[2]];
    const theirs = [base[0], base[2], task(40, "Ask Sam to help")];
    const once = mergeTasks(base, mine, theirs);
    expect(once).toEqual([base[0], base[2], task(40, "Ask Sam to help"), task(2, "Book the big van", true)]);
    // Made again (its answer lost): there once.
    expect(mergeTasks(base, mine, once)).toEqual(once);
  });

  it("gives a task added here a new id when one added elsewhere took its id", () => {
    const mine = [...base, task(4, "Label boxes")];
    const theirs = [...base, task(4, "Ask Sam to help")];
    expect(mergeTasks(base, mine, theirs)).toEqual([...base, task(4, "Ask Sam to help"), task(5, "Label boxes")]);
  });

  it("made again to tasks that have it already (its answer lost), changes nothing more", () => {
    const mine = [task(1, "Order boxes", true), base[1], task(50, "Label boxes")];
    const once = mergeTasks(base, mine, base);
    expect(once).toEqual(mine);
    expect(mergeTasks(base, mine, once)).toEqual(once);
  });

  it("tells the tasks added, ticked or renamed here", () => {
    const mine = [task(1, "Order boxes", true), task(2, "Book the big van"), task(50, "Label boxes")];
    expect([...tasksChanged(base, mine)]).toEqual([1, 2, 50]);
    expect([...tasksChanged(base, base)]).toEqual([]);
  });
});

describe("a project's notes saved on this device, made to the project as it is now (docs/decisions/090-a-project-s-notes-offline.md)", () => {
  const project = (notes: string | null): Project => ({
    id: 5,
    userId: 1,
    title: "Move flat",
    description: null,
    notes,
    bucket: "personal",
    deadline: null,
    progress: 0,
    createdAt: "2026-12-01T10:00:00.000Z",
    tasks: base,
  });
  const kept = { body: { notes: "Van on Saturday" }, was: { notes: "Keys" } };

  it("are saved over the notes they were written over", () => {
    expect(projectChangeNow(kept, project("Keys"))).toEqual({
      body: { notes: "Van on Saturday" },
      notesLeftOut: false,
    });
  });

  it("are left out when the notes were saved elsewhere meanwhile, and the rest still goes", () => {
    const withTick = {
      body: { ...kept.body, tasks: [task(1, "Order boxes", true), ...base.slice(1)] },
      was: { ...kept.was, tasks: base },
    };
    const { body, notesLeftOut } = projectChangeNow(withTick, project("Keys from the agent"));
    expect(notesLeftOut).toBe(true);
    expect(body).toEqual({ tasks: [task(1, "Order boxes", true), ...base.slice(1)], progress: 33 });
  });

  it("found saved already (sent before, the answer lost), are not taken for notes saved elsewhere", () => {
    expect(projectChangeNow(kept, project("Van on Saturday")).notesLeftOut).toBe(false);
  });

  it("written over no notes are saved while there are still none", () => {
    expect(projectChangeNow({ ...kept, was: { notes: null } }, project(null)).notesLeftOut).toBe(false);
    expect(projectChangeNow({ ...kept, was: { notes: null } }, project("Keys")).notesLeftOut).toBe(true);
  });
});
