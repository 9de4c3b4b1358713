import { RadioGroup } from "radix-ui";
import { useEffect, useState } from "react";
import { ASSISTANT_TONES, HELP_LEVELS } from "../../../../shared/constants.ts";
import type { Settings } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Label, NativeSelect } from "../../../components/ui/input.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { errorMessage } from "../../../lib/api.ts";
import { useSaveSettings, useSettings } from "../api.ts";

type Theme = Settings["theme"];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Props = { theme: Theme; onThemeChange: (theme: Theme) => void };

/** Theme, the assistant's tone and how much help it gives: stored per user. */
export function GeneralTab({ theme, onThemeChange: setTheme }: Props) {
  const settings = useSettings();
  const save = useSaveSettings();
  const [tone, setTone] = useState("friendly");
  const [helpLevel, setHelpLevel] = useState("moderate");
  useEffect(() => {
    if (settings.data) {
      setTone(settings.data.tone);
      setHelpLevel(settings.data.helpLevel);
    }
  }, [settings.data]);

  return (
    <Card aria-labelledby="general-title">
      <CardHeader id="general-title" title="General" />
      <div className="grid gap-6">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor="dark-mode">Dark mode</Label>
            <p id="dark-mode-hint" className="text-sm text-muted">
              Easier on the eyes, especially in the evening.
            </p>
          </div>
          <Switch
            id="dark-mode"
            aria-describedby="dark-mode-hint"
            checked={theme === "dark"}
            onCheckedChange={(on) => setTheme(on ? "dark" : "light")}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Assistant tone</legend>
          <RadioGroup.Root
            value={tone}
            onValueChange={setTone}
            className="mt-2 grid gap-2 sm:grid-cols-3"
            aria-label="Assistant tone"
          >
            {ASSISTANT_TONES.map((t) => (
              <label
                key={t}
                htmlFor={`tone-${t}`}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2.5 has-[[data-state=checked]]:border-primary"
              >
                <RadioGroup.Item
                  id={`tone-${t}`}
                  value={t}
                  className="flex size-5 items-center justify-center rounded-full border-2 border-muted data-[state=checked]:border-primary"
                >
                  <RadioGroup.Indicator className="size-2.5 rounded-full bg-primary" />
                </RadioGroup.Item>
                {capital(t)}
              </label>
            ))}
          </RadioGroup.Root>
        </fieldset>
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor="help-level">Level of help</Label>
          <NativeSelect id="help-level" value={helpLevel} onChange={(e) => setHelpLevel(e.target.value)}>
            {HELP_LEVELS.map((h) => (
              <option key={h} value={h}>
                {capital(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Button
            disabled={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({
                  theme,
                  tone: tone as (typeof ASSISTANT_TONES)[number],
                  helpLevel: helpLevel as (typeof HELP_LEVELS)[number],
                });
                toast({ title: "Settings saved", description: "Your preferences have been updated." });
              } catch (error) {
                toast({ title: "Error", description: errorMessage(error), variant: "destructive" });
              }
            }}
          >
            Save Settings
          </Button>
        </div>
      </div>
    </Card>
  );
}
