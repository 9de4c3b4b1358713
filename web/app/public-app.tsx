/**
 * One public page on its own: what the build prerenders (web/prerender.tsx) and the browser
 * hydrates (web/public-main.tsx). Nothing of the signed-in app (router, query cache, toasts,
 * dashboard, layout) is imported from here, so a visitor's first load stays small. The pages link
 * to each other with plain links: each is its own prerendered document.
 */
import type { ComponentType } from "react";
import { NOT_FOUND_PAGE, type PrerenderedPage } from "../../shared/web-routes.ts";
import { type PageData, PageDataContext } from "../lib/page-data.ts";
import { PublicHelpPage } from "../pages/help.tsx";
import { LandingPage } from "../pages/landing.tsx";
import { LoginPage } from "../pages/login.tsx";
import { NotFoundPage } from "../pages/not-found.tsx";
import { PrivacyPage } from "../pages/privacy.tsx";
import { TermsPage } from "../pages/terms.tsx";

const PAGES: Record<PrerenderedPage, ComponentType> = {
  landing: LandingPage,
  login: LoginPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  help: PublicHelpPage,
  [NOT_FOUND_PAGE]: NotFoundPage,
};

export function isPrerenderedPage(name: string | undefined): name is PrerenderedPage {
  return name !== undefined && Object.hasOwn(PAGES, name);
}

export function PublicPage({ page, data }: { page: PrerenderedPage; data: PageData }) {
  const Page = PAGES[page];
  return (
    <PageDataContext.Provider value={data}>
      <Page />
    </PageDataContext.Provider>
  );
}
