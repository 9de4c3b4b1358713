// @vitest-environment jsdom
/**
 * The sign-in page says why a provider sign-in failed (`?error=`) only in the app's own words: a
 * link can put any text in the address, and the page would show it as if the app said it.
 */
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SIGN_IN_ERRORS } from "../../shared/sign-in-errors.ts";
import { LoginPage } from "./login.tsx";

afterEach(() => {
  cleanup();
  window.history.replaceState({}, "", "/");
});

const openAt = (search: string) => {
  window.history.replaceState({}, "", `/login${search}`);
  render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
};

describe("the sign-in page after a provider sign-in failed", () => {
  it("shows the server's reason as it was sent", async () => {
    openAt(`?error=${encodeURIComponent(SIGN_IN_ERRORS.cancelled)}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Sign-in was cancelled.");
  });

  it("shows other words in the address as a plain failure, never as the app's own message", async () => {
    openAt(`?error=${encodeURIComponent("Your account is locked. Call +1 555 0100 to unlock it.")}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Sign-in could not be completed. Please try again.");
    expect(screen.queryByText(/Call \+1 555/)).not.toBeInTheDocument();
  });
});
