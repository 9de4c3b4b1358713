/**
 * Build-time rendering of the public pages (the `ssr` build in vite.config.ts runs this in Node).
 * Values only the running server knows are rendered as placeholders it fills in when it sends a
 * page (server/web-pages.ts).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { PRERENDER_SLOTS, type PrerenderedPage } from "../shared/web-routes.ts";
import { PublicPage } from "./app/public-app.tsx";
import type { PageData } from "./lib/page-data.ts";

/** Where numbers go the placeholder is text; the server writes the number. */
const slot = (text: string) => text as unknown as number;

export const PLACEHOLDER_DATA: PageData = {
  legal: {
    companyName: PRERENDER_SLOTS.companyName,
    contactEmail: PRERENDER_SLOTS.contactEmail,
    noticeDays: slot(PRERENDER_SLOTS.noticeDays),
  },
  year: slot(PRERENDER_SLOTS.year),
};

/** The markup inside `#root` for one page. */
export function renderPage(page: PrerenderedPage, data: PageData = PLACEHOLDER_DATA): string {
  return renderToString(
    <StrictMode>
      <PublicPage page={page} data={data} />
    </StrictMode>,
  );
}
