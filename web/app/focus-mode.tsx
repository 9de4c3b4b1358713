import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

type FocusMode = {
  active: boolean;
  currentTaskId: number | null;
  startFocus: (taskId: number) => void;
  stopFocus: () => void;
};

const FocusModeContext = createContext<FocusMode | null>(null);

export function FocusModeProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState(false);
  const [currentTaskId, setCurrentTaskId] = useState<number | null>(null);
  const value = useMemo<FocusMode>(
    () => ({
      active,
      currentTaskId,
      startFocus: (id) => {
        setCurrentTaskId(id);
        setActive(true);
      },
      stopFocus: () => setActive(false),
    }),
    [active, currentTaskId],
  );
  return <FocusModeContext.Provider value={value}>{children}</FocusModeContext.Provider>;
}

export function useFocusMode(): FocusMode {
  const ctx = useContext(FocusModeContext);
  if (!ctx) throw new Error("useFocusMode outside FocusModeProvider");
  return ctx;
}
