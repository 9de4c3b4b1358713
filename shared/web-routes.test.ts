import { describe, expect, it } from "vitest";
import { fillPrerenderedPage, matchPage, PRERENDERED_PAGES, prerenderedFile } from "./web-routes.ts";

describe("matchPage", () => {
  it("knows the public pages, as the router matches them", () => {
    expect(matchPage("/")).toEqual({ kind: "public", page: "landing" });
    expect(matchPage("/login")).toEqual({ kind: "public", page: "login" });
    expect(matchPage("/terms/")).toEqual({ kind: "public", page: "terms" });
    expect(matchPage("/Privacy")).toEqual({ kind: "public", page: "privacy" });
    expect(matchPage("/help")).toEqual({ kind: "public", page: "help" });
    expect(matchPage("/%74erms")).toEqual({ kind: "public", page: "terms" });
  });

  it("knows the signed-in app's pages, by name", () => {
    const pages = {
      "/dashboard": "dashboard",
      "/Dashboard/": "dashboard",
      "/projects": "projects",
      "/project-detail": "projectList",
      "/project-detail/12": "projectDetail",
      "/inbox": "inbox",
      "/settings/": "settings",
      "/calendar": "calendar",
    };
    for (const [path, page] of Object.entries(pages)) {
      expect(matchPage(path), path).toEqual({ kind: "app", page });
    }
  });

  it("calls anything else not found", () => {
    for (const path of ["/no-such-page", "/project-detail/1/2", "/terms/more", "/%E0%A4%A", "//x"]) {
      expect(matchPage(path), path).toEqual({ kind: "not-found" });
    }
  });
});

it("names one file per prerendered page", () => {
  expect(PRERENDERED_PAGES.map(prerenderedFile)).toEqual([
    ".pages/landing.html",
    ".pages/login.html",
    ".pages/terms.html",
    ".pages/privacy.html",
    ".pages/help.html",
    ".pages/not-found.html",
  ]);
});

describe("fillPrerenderedPage", () => {
  const legal = { companyName: "__DC_YEAR__ <b>", contactEmail: "a@b.example", noticeDays: 30 };

  it("fills each placeholder once: a value that looks like one stays as it is", () => {
    expect(fillPrerenderedPage("__DC_LEGAL_COMPANY_NAME__ __DC_YEAR__ __DC_OTHER__", { legal, year: 2031 })).toBe(
      "__DC_YEAR__ &lt;b&gt; 2031 __DC_OTHER__",
    );
  });

  it("writes the JSON so that it cannot close its script element", () => {
    const filled = fillPrerenderedPage('<script>"__DC_PAGE_DATA__"</script>', {
      legal: { ...legal, companyName: "</script><script>alert(1)</script>" },
      year: 2031,
    });
    expect(filled.match(/<\/script>/g)).toHaveLength(1);
    const json = filled.slice("<script>".length, -"</script>".length);
    expect(JSON.parse(json).legal.companyName).toBe("</script><script>alert(1)</script>");
  });
});
