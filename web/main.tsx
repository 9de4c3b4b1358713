// The signed-in app's entry. The stored theme is already on: web/theme.js runs in <head> first.
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { router } from "./app/router.tsx";

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
