/** A project's tasks changed on this device while it waited, made to the tasks as the server has them now. */
import { describe, expect, it } from "vitest";
import type { ProjectTask } from "../../shared/schemas.ts";
import { mergeTasks, tasksChanged } from "./tasks-merge.ts";

const task = (id: number, title: string, completed = false): ProjectTask => ({ id, title, completed });
const base = [task(1, "Order boxes"), task(2, "Book the van"), task(3, "Pack books")];

describe("a project's tasks changed on this device, made to the tasks as they are now", () => {
  it("keeps what was done elsewhere meanwhile beside what was done here", async () => {
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
