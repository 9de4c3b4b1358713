// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Thought, User } from "../../../shared/schemas.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { holdAnswers, renderWithApp, resetApp, server, signUp, storedDrafts } from "../../testing/app-harness.tsx";
import { QuickCapture } from "./components/quick-capture.tsx";
import { ThoughtDumpCard } from "./components/thought-dump-card.tsx";

let user: User;
beforeEach(async () => {
  user = await signUp();
});
afterEach(resetApp);

/** The inbox's capture box, with the session known as the app's shell knows it. */
function open({ signedIn = true } = {}) {
  renderWithApp(<QuickCapture requireUser={() => true} />, signedIn ? { signedInAs: user } : {});
  return { input: screen.getByLabelText("Capture text"), send: screen.getByRole("button", { name: "Send" }) };
}

const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

describe("words typed in a capture box and not sent", () => {
  it("come back with their type when the box is drawn again, and are forgotten once sent", async () => {
    let { input } = open();
    await userEvent.click(screen.getByRole("button", { name: "Idea" }));
    await userEvent.type(input, "A garden on the balcony");
    // The page goes away (a reload, a discarded tab, another screen) and comes back.
    cleanup();
    ({ input } = open());
    expect(input).toHaveValue("A garden on the balcony");
    expect(pressed("Idea")).toBe("true");

    await userEvent.type(input, "{Enter}");
    expect(await screen.findByText("Your idea has been captured.")).toBeVisible();
    expect(await server<Thought[]>("GET", "/api/thoughts")).toEqual([
      expect.objectContaining({ content: "A garden on the balcony", type: "Idea" }),
    ]);
    cleanup();
    ({ input } = open());
    expect(input).toHaveValue("");
    expect(storedDrafts()).toEqual([]);
  });

  it("are forgotten when the box is emptied by hand", async () => {
    const { input } = open();
    await userEvent.type(input, "Maybe later");
    expect(storedDrafts()).toHaveLength(1);
    await userEvent.clear(input);
    expect(storedDrafts()).toEqual([]);
  });

  it("leave this box when another tab sends them, but not when this box says something else", async () => {
    const { input } = open();
    await userEvent.type(input, "Renew the library card");
    const [key] = storedDrafts();
    const kept = localStorage.getItem(key as string);
    // Another tab sent the same words: it forgot them, and this box follows.
    localStorage.removeItem(key as string);
    act(() => window.dispatchEvent(new StorageEvent("storage", { key, oldValue: kept, newValue: null })));
    expect(input).toHaveValue("");

    await userEvent.type(input, "Water the plants");
    const theirs = JSON.stringify({ text: "Something else", type: "Note", voiceThoughtId: null });
    act(() => window.dispatchEvent(new StorageEvent("storage", { key, oldValue: theirs, newValue: null })));
    expect(input).toHaveValue("Water the plants");
  });

  it("are kept by nobody while nobody is signed in", async () => {
    const { input } = open({ signedIn: false });
    await userEvent.type(input, "A thought");
    expect(input).toHaveValue("A thought");
    expect(storedDrafts()).toEqual([]);
  });

  it("stay the ones on screen when the session becomes known after they were typed", async () => {
    localStorage.setItem(
      `draft:${user.id}:capture:inbox`,
      JSON.stringify({ text: "An older draft", type: "Note", voiceThoughtId: null }),
    );
    const { queryClient } = renderWithApp(<QuickCapture requireUser={() => true} />);
    const input = screen.getByLabelText("Capture text");
    expect(input).toHaveValue("");
    await userEvent.type(input, "Typed first");
    act(() => queryClient.setQueryData(queryKeys.me, user));
    // The session's observers hear of it on the next turn.
    const kept = () => JSON.parse(localStorage.getItem(`draft:${user.id}:capture:inbox`) ?? "{}").text;
    await waitFor(() => expect(kept()).toBe("Typed first"));
    expect(input).toHaveValue("Typed first");
  });
});

describe("words typed while the last ones are on their way (a slow network)", () => {
  const holdTheSave = () => holdAnswers((url, init) => init.method === "POST" && url.endsWith("/api/thoughts"));
  const saved = async () => (await server<Thought[]>("GET", "/api/thoughts")).map((t) => t.content);

  it("stay in the inbox's box when the last ones are saved", async () => {
    const { input } = open();
    const release = holdTheSave();
    await userEvent.type(input, "Buy milk{Enter}");
    await userEvent.clear(input);
    await userEvent.type(input, "Call m");
    expect(screen.getByRole("button", { name: "Send" })).toHaveAttribute("aria-busy", "true");
    release();

    expect(await screen.findByText("Your note has been captured.")).toBeVisible();
    expect(input).toHaveValue("Call m");
    expect(await saved()).toEqual(["Buy milk"]);
  });

  it("leave the Thought Dump with its type once saved, as the spec says (section 4)", async () => {
    renderWithApp(<ThoughtDumpCard requireUser={() => true} />, { signedInAs: user });
    const box = screen.getByLabelText("Thought");
    await userEvent.click(screen.getByRole("button", { name: "Idea" }));
    await userEvent.type(box, "Maybe learn the cello");
    await userEvent.click(screen.getByRole("button", { name: "Save & Organize" }));

    expect(await screen.findByText("Your thought has been saved and organized.")).toBeVisible();
    expect(box).toHaveValue("");
    expect(pressed("Idea")).toBe("false");
    expect(await saved()).toEqual(["Maybe learn the cello"]);
  });

  it("stay in the Thought Dump, after the words saved, when they were added to them", async () => {
    renderWithApp(<ThoughtDumpCard requireUser={() => true} />, { signedInAs: user });
    const box = screen.getByLabelText("Thought");
    const release = holdTheSave();
    await userEvent.type(box, "Ask Jo about the keys");
    await userEvent.click(screen.getByRole("button", { name: "Save & Organize" }));
    await userEvent.type(box, " and the bins");
    // The button shows the save is on its way.
    expect(screen.getByRole("button", { name: "Save & Organize" })).toHaveAttribute("aria-busy", "true");
    release();

    expect(await screen.findByText("Your thought has been saved and organized.")).toBeVisible();
    expect(box).toHaveValue("and the bins");
    expect(screen.getByRole("button", { name: "Save & Organize" })).toHaveAttribute("aria-busy", "false");
    expect(await saved()).toEqual(["Ask Jo about the keys"]);
  });
});
