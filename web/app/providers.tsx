import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/toaster.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { AuthProvider } from "./auth.tsx";
import { FocusModeProvider } from "./focus-mode.tsx";
import { ThemeProvider } from "./theme.tsx";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
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
