/**
 * The reader of dates in typed words (shared/when.ts, chrono's English parser) loads the first time
 * someone types where a date could be said, not with the first screen: a few dozen kilobytes of
 * script that most visits never need. Until it is there, no date is found and nothing else waits.
 */
import { useEffect, useState } from "react";

type WhenReader = typeof import("../../shared/when.ts");

let reader: WhenReader | null = null;
let loading: Promise<WhenReader> | null = null;

export function loadWhenReader(): Promise<WhenReader> {
  loading ??= import("../../shared/when.ts").then((m) => {
    reader = m;
    return m;
  });
  return loading;
}

/** The reader once loaded; `wanted` asks for it (e.g. while a capture field is open). */
export function useWhenReader(wanted: boolean): WhenReader | null {
  const [loaded, setLoaded] = useState(reader);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void loadWhenReader().then(
      (m) => current && setLoaded(m),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return loaded;
}
