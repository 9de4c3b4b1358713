import { useMutation } from "@tanstack/react-query";
import { STORAGE_KEYS } from "../../../shared/constants.ts";
import type { MoodEntry, moodEntry } from "../../../shared/schemas.ts";
import { api } from "../../lib/api.ts";
import { readLocal, writeLocal } from "../../lib/storage.ts";

export type Mood = MoodEntry["mood"];

export const MOOD_EMOJI: Record<Mood, string> = {
  Happy: "😊",
  Neutral: "😐",
  Sad: "😢",
  Frustrated: "😣",
  Tired: "😴",
};

export function storedMood(): Mood | null {
  const value = readLocal(STORAGE_KEYS.mood);
  return value && value in MOOD_EMOJI ? (value as Mood) : null;
}

export function useSaveMood() {
  return useMutation({
    mutationFn: async ({ mood, date }: { mood: Mood; date: string }) => {
      writeLocal(STORAGE_KEYS.mood, mood);
      return api.post<typeof moodEntry>("/api/mood", { mood, date });
    },
  });
}
