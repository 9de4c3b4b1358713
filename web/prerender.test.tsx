// @vitest-environment jsdom
// The whole path of a public page: rendered at build time with placeholders, filled in by the
// server as it sends the page, hydrated in the browser from the JSON the page carries. React
// reports any difference between the HTML and its first render as a recoverable error.
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fillPrerenderedPage, PRERENDERED_PAGES, type PrerenderedPage } from "../shared/web-routes.ts";
import { PublicPage } from "./app/public-app.tsx";
import { readPageData } from "./lib/page-data.ts";
import { renderPage } from "./prerender.tsx";

const legal = { companyName: "Calm & Co", contactEmail: "help@calm.example", noticeDays: 45 };
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** The page as the server sends it, in the document; then hydrated. Answers React's complaints. */
async function serveAndHydrate(page: PrerenderedPage): Promise<string[]> {
  const served = fillPrerenderedPage(
    `<div id="root">${renderPage(page)}</div><script type="application/json" id="page-data">"__DC_PAGE_DATA__"</script>`,
    { legal, year: 2031 },
  );
  document.body.innerHTML = served;
  const complaints: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => complaints.push(args.map(String).join(" ")));
  const container = document.getElementById("root") as HTMLElement;
  await act(async () => {
    root = hydrateRoot(container, <PublicPage page={page} data={readPageData(document)} />, {
      onRecoverableError: (error) => complaints.push(String(error)),
    });
  });
  return complaints;
}

describe("prerendered public pages", () => {
  it.each(PRERENDERED_PAGES)("%s hydrates without a mismatch", async (page) => {
    expect(await serveAndHydrate(page)).toEqual([]);
    expect(document.body.textContent).not.toContain("__DC_");
    expect(document.body.textContent).not.toMatch(/\b(undefined|NaN|null)\b/);
  });

  it("carry the server's values in text and links", async () => {
    await serveAndHydrate("terms");
    expect(document.body.textContent).toContain("provided by Calm & Co. By creating");
    expect(document.body.textContent).toContain("at least 45 days' notice");
    expect(document.body.textContent).toContain("© 2031 Daily Compass");
    await act(async () => root?.unmount());
    root = undefined;
    await serveAndHydrate("help");
    expect(document.querySelector('a[href="mailto:help@calm.example"]')?.textContent).toBe("help@calm.example");
  });

  it("each start with the page's heading in the HTML itself", () => {
    const headings: Record<PrerenderedPage, string> = {
      landing: "Find your direction, one day at a time.",
      login: "Log in",
      terms: "Terms of Service",
      privacy: "Privacy Policy",
      help: "Help &amp; Support",
      "not-found": "404 Page Not Found",
    };
    for (const page of PRERENDERED_PAGES) {
      expect(renderPage(page), page).toMatch(new RegExp(`<h1[^>]*>(<svg.*?</svg>)?${headings[page]}</h1>`));
    }
  });
});
