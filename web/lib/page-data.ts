/**
 * What the public pages show that only the running server knows: the operator's legal details
 * and the year in the footer. A prerendered page carries them as JSON (the server fills them in,
 * docs/decisions/017-prerendered-public-pages.md), so the browser hydrates with exactly the values
 * the HTML was sent with; the signed-in app asks /api/config (web/app/page-data-from-api.tsx).
 * No query library here: the public pages' bundle stays small.
 */
import { createContext, useContext } from "react";
import type { PublicConfig } from "../../shared/schemas.ts";
import { PAGE_DATA_ID } from "../../shared/web-routes.ts";

export type Legal = PublicConfig["legal"];
export type PageData = { legal: Legal; year: number };

/** Neutral text until the server's own values are known. */
export const FALLBACK_LEGAL: Legal = {
  companyName: "Daily Compass",
  contactEmail: "privacy@example.com",
  noticeDays: 30,
};

export const PageDataContext = createContext<PageData>({ legal: FALLBACK_LEGAL, year: new Date().getFullYear() });

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** The JSON a prerendered page carries; the fallbacks where it is missing or unreadable. */
export function readPageData(doc: Document): PageData {
  const fallback: PageData = { legal: FALLBACK_LEGAL, year: new Date().getFullYear() };
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return fallback;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return { legal: { ...FALLBACK_LEGAL, ...data.legal }, year: data.year ?? fallback.year };
  } catch {
    return fallback;
  }
}
