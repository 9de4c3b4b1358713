import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "../components/ui/toaster.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { registerServiceWorker } from "../lib/service-worker.ts";
import { AuthProvider } from "./auth.tsx";
import { FocusModeProvider } from "./focus-mode.tsx";
import { ThemeProvider } from "./theme.tsx";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  // Once the first worker takes the page, read again through it what was read before it existed.
  useEffect(() => registerServiceWorker(() => void client.refetchQueries()), [client]);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ThemeProvider>
          <FocusModeProvider>
            {children}
            <Toaster />
          </FocusModeProvider>
        </ThemeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
