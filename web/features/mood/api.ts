import { useMutation } from "@tanstack/react-query";
import { STORAGE_KEYS } from "../../../shared/constants.ts";
import type { moodEntry } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { writeLocal } from "../../lib/storage.ts";
import type { Mood } from "./stored.ts";

export { type Mood, storedMood } from "./stored.ts";

export const MOOD_EMOJI: Record<Mood, string> = {
  Happy: "😊",
  Neutral: "😐",
  Sad: "😢",
  Frustrated: "😣",
  Tired: "😴",
};

export function useSaveMood() {
  return useMutation({
    mutationFn: async ({ mood, date }: { mood: Mood; date: string }) => {
      writeLocal(STORAGE_KEYS.mood, mood);
      return api.post<typeof moodEntry>("/api/mood", { mood, date });
    },
  });
}
