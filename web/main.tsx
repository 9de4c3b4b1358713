import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { applyTheme, storedTheme } from "./app/theme.tsx";

// Applied before the first render so a light-theme user never sees a dark flash.
applyTheme(storedTheme());

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
