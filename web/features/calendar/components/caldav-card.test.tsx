// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, resetApp, signUp } from "../../../testing/app-harness.tsx";
import { CaldavCard } from "./caldav-card.tsx";

// Each step waits on the real API, on a machine that may be busy.
configure({ asyncUtilTimeout: 5000 });
afterEach(resetApp);

describe("Settings: the CalDAV form", () => {
  it("suggests an https address", async () => {
    await signUp();
    renderWithApp(<CaldavCard />);
    expect(await screen.findByLabelText("Server URL")).toHaveAttribute(
      "placeholder",
      expect.stringMatching(/^https:\/\//),
    );
  });

  it("says in the server's words why a public server cannot be connected over http, and stays unconnected", async () => {
    await signUp();
    renderWithApp(<CaldavCard />);
    // A public address written out: the server refuses it without sending anything there.
    await userEvent.type(await screen.findByLabelText("Server URL"), "http://93.184.215.14/dav");
    await userEvent.type(screen.getByLabelText("Username"), "alice");
    await userEvent.type(screen.getByLabelText("App password"), "app-password-123");
    await userEvent.click(screen.getByRole("button", { name: "Connect calendar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Server URL: Use an https:// address: this server is on the public internet, and http would send your password and events unencrypted",
    );
    expect(screen.getByRole("button", { name: "Connect calendar" })).toBeVisible();
    expect(screen.queryByText("Active")).toBeNull();
  });
});
