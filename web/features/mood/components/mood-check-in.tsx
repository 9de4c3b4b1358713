import { MOODS } from "../../../../shared/constants.ts";
import { Card } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { MOOD_EMOJI, type Mood, useSaveMood } from "../api.ts";

type Props = { mood: Mood | null; onChange: (mood: Mood) => void; today: string };

export function MoodCheckIn({ mood, onChange, today }: Props) {
  const save = useSaveMood();
  return (
    <Card aria-labelledby="mood-title">
      <h2 id="mood-title" className="text-lg font-semibold">
        How are you feeling today?
      </h2>
      <p className="mt-1 text-sm text-muted">Your energy affects your productivity. Let's adapt accordingly.</p>
      {/* One row where the five fit, each as wide as the others; where they do not (a small phone,
          larger text), the row wraps rather than cut a word such as "Frustrated". */}
      <fieldset className="mt-4 flex flex-wrap justify-center gap-2">
        <legend className="sr-only">Mood</legend>
        {MOODS.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mood === m}
            onClick={() => {
              onChange(m);
              save.mutate({ mood: m, date: today }, { onError: (e) => console.warn("Mood not stored", e) });
            }}
            className={cn(
              "flex max-w-32 min-w-fit flex-1 basis-0 flex-col items-center gap-1 rounded-xl border px-1 py-3 text-xs font-medium transition-colors sm:text-sm",
              mood === m ? "border-primary bg-accent" : "border-border hover:bg-accent",
            )}
          >
            <span className="text-2xl" aria-hidden>
              {MOOD_EMOJI[m]}
            </span>
            {m}
          </button>
        ))}
      </fieldset>
    </Card>
  );
}
