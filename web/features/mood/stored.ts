import { MOODS, STORAGE_KEYS } from "../../../shared/constants.ts";
import type { MoodEntry } from "../../../shared/schemas.ts";
import { readLocal } from "../../lib/storage.ts";

export type Mood = MoodEntry["mood"];

/** The mood last chosen on this device, which orders the focus tasks; null when none (or nonsense) is stored. */
export function storedMood(): Mood | null {
  const value = readLocal(STORAGE_KEYS.mood);
  return (MOODS as readonly string[]).includes(value ?? "") ? (value as Mood) : null;
}
