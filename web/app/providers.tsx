import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { LazyToaster } from "../components/ui/lazy-toaster.tsx";
import { takeReadsSoFar } from "../lib/api.ts";
import { registerServiceWorker } from "../lib/service-worker.ts";
import { whenIdle } from "../lib/when-idle.ts";
import { AuthProvider } from "./auth.tsx";
import { FocusModeProvider } from "./focus-mode.tsx";
import { ThemeProvider } from "./theme.tsx";

/** `client` is made by the entry, which starts the first reads with it before anything renders. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // Once the first worker takes the page, it reads again what was read before it existed.
  // Registered once the browser is idle: not in the task that runs the first screen's effects.
  useEffect(() => whenIdle(() => registerServiceWorker(takeReadsSoFar)), []);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ThemeProvider>
          <FocusModeProvider>
            {children}
            <LazyToaster />
          </FocusModeProvider>
        </ThemeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
