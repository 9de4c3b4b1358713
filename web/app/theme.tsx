import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { DEFAULT_THEME, STORAGE_KEYS } from "../../shared/constants.ts";
import { saveTheme, useSettings } from "../features/settings/api.ts";
import { readLocal, writeLocal } from "../lib/storage.ts";
import { useAuth } from "./auth.tsx";

export type Theme = "light" | "dark";

export function storedTheme(): Theme {
  const value = readLocal(STORAGE_KEYS.theme);
  return value === "light" || value === "dark" ? value : DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
}

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void } | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  const { status } = useAuth();
  const settings = useSettings({ enabled: status === "authenticated" });

  useEffect(() => applyTheme(theme), [theme]);

  // A browser that has never stored a theme takes the one the user saved on another device.
  const savedTheme = settings.data?.theme;
  useEffect(() => {
    if (savedTheme && readLocal(STORAGE_KEYS.theme) === null) {
      setThemeState(savedTheme);
      writeLocal(STORAGE_KEYS.theme, savedTheme);
    }
  }, [savedTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      writeLocal(STORAGE_KEYS.theme, next);
      if (status === "authenticated") {
        saveTheme(next).catch((error: unknown) => console.warn("Could not store the theme", error));
      }
    },
    [status],
  );

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error("useTheme outside ThemeProvider");
  return ctx;
}
