// The public pages' entry: hydrates the page the build prerendered into #root (its data-page
// names it). docs/decisions/017-prerendered-public-pages.md
import "./styles.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isPrerenderedPage, PublicPage } from "./app/public-app.tsx";
import { readPageData } from "./lib/page-data.ts";

const root = document.getElementById("root");
const page = root?.dataset.page;
if (root && isPrerenderedPage(page))
  hydrateRoot(
    root,
    <StrictMode>
      <PublicPage page={page} data={readPageData(document)} />
    </StrictMode>,
  );
