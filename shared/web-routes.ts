import type { PublicConfig } from "./schemas.ts";

/**
 * The web app's page paths, written once for the build (which prerenders the public pages), the
 * server (which picks the HTML a request gets, server/web-pages.ts) and both routers (the public
 * pages' in web/app/public-app.tsx and the signed-in app's in web/app/router.tsx).
 * docs/decisions/017-prerendered-public-pages.md
 */

/** Pages anyone can open signed out. Each is rendered to HTML at build time. */
export const PUBLIC_PAGES = {
  landing: "/",
  login: "/login",
  terms: "/terms",
  privacy: "/privacy",
  help: "/help",
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

/** The page every unknown path shows; prerendered too. */
export const NOT_FOUND_PAGE = "not-found";

export type PrerenderedPage = PublicPage | typeof NOT_FOUND_PAGE;

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...(Object.keys(PUBLIC_PAGES) as PublicPage[]),
  NOT_FOUND_PAGE,
];

/**
 * Pages of the signed-in app. `/` and `/help` are public pages as well: signed in, `/` is the
 * dashboard and `/help` the help inside the app's layout.
 */
export const APP_PAGES = {
  dashboard: "/dashboard",
  tasks: "/tasks",
  projects: "/projects",
  projectList: "/project-detail",
  projectDetail: "/project-detail/:id",
  inbox: "/inbox",
  focus: "/focus",
  settings: "/settings",
  calendar: "/calendar",
} as const;

/** Where the build writes the prerendered pages, inside the built web app's folder. */
export const PRERENDERED_DIR = ".pages";

export function prerenderedFile(page: PrerenderedPage): string {
  return `${PRERENDERED_DIR}/${page}.html`;
}

/**
 * Placeholders the build renders in place of values only the running server knows; the server
 * puts the real values in (HTML-escaped) before it sends a prerendered page.
 */
export const PRERENDER_SLOTS = {
  companyName: "__DC_LEGAL_COMPANY_NAME__",
  contactEmail: "__DC_LEGAL_CONTACT_EMAIL__",
  noticeDays: "__DC_LEGAL_NOTICE_DAYS__",
  year: "__DC_YEAR__",
  /** Inside `<script type="application/json">`: the same values for the browser to hydrate with. */
  json: '"__DC_PAGE_DATA__"',
} as const;

/** The element id of the JSON the prerendered pages carry (PRERENDER_SLOTS.json). */
export const PAGE_DATA_ID = "page-data";

/** What the server fills in: the operator's legal details and the year for the footer. */
export type PrerenderData = { legal: PublicConfig["legal"]; year: number };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * A prerendered page with the values in its placeholders: HTML-escaped in the markup, and as JSON
 * (no `<`, so it cannot end its script element) for the browser to hydrate with. One pass, so a
 * value that looks like a placeholder stays as it is.
 */
export function fillPrerenderedPage(template: string, { legal, year }: PrerenderData): string {
  const values: Record<string, string> = {
    [PRERENDER_SLOTS.companyName]: escapeHtml(legal.companyName),
    [PRERENDER_SLOTS.contactEmail]: escapeHtml(legal.contactEmail),
    [PRERENDER_SLOTS.noticeDays]: String(legal.noticeDays),
    [PRERENDER_SLOTS.year]: String(year),
    [PRERENDER_SLOTS.json]: JSON.stringify({ legal, year }).replace(/</g, "\\u003c"),
  };
  return template.replace(/"__DC_PAGE_DATA__"|__DC_[A-Z_]+__/g, (slot) => values[slot] ?? slot);
}

/** Matches a route pattern the way react-router does: case-insensitive, `:param` is one segment. */
function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length !== segments.length) return false;
  return parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]));
}

export type AppPage = keyof typeof APP_PAGES;

export type PageMatch = { kind: "public"; page: PublicPage } | { kind: "app"; page: AppPage } | { kind: "not-found" };

/**
 * What a page path is, and which: a public page, a page of the signed-in app only, or no page at
 * all. The one matcher of page paths outside the routers: the server's choice of HTML, the first
 * screen's preload and the early reads use it.
 */
export function matchPage(pathname: string): PageMatch {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: matched as written.
  }
  const segments = decoded.toLowerCase().split("/").filter(Boolean);
  for (const [page, pattern] of Object.entries(PUBLIC_PAGES)) {
    if (matches(pattern, segments)) return { kind: "public", page: page as PublicPage };
  }
  for (const [page, pattern] of Object.entries(APP_PAGES)) {
    if (matches(pattern, segments)) return { kind: "app", page: page as AppPage };
  }
  return { kind: "not-found" };
}
