import { useState } from "react";
import type { Settings } from "../../../../shared/schemas.ts";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Label, NativeSelect } from "../../../components/ui/input.tsx";
import { SwitchField } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { browserTimeZone } from "../../../lib/dates.ts";
import { useSaveSettings, useSettings } from "../api.ts";

type Choice<K extends keyof Settings> = ReadonlyArray<readonly [Settings[K], string]>;

const TEXT_SIZES: Choice<"textSize"> = [
  ["normal", "Normal"],
  ["large", "Large"],
  ["larger", "Larger"],
];
const FONTS: Choice<"readingFont"> = [
  ["default", "The system's font"],
  ["hyperlegible", "Atkinson Hyperlegible (letters easy to tell apart)"],
];
const MOTION: Choice<"reducedMotion"> = [
  ["system", "Follow my device"],
  ["reduce", "Reduce motion"],
  ["allow", "Allow motion"],
];

const DEVICE = "device";

function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  return [...new Set([current, browserTimeZone(), "UTC", ...zones])].sort();
}

/**
 * How the app looks and moves, stored with the account so it follows the person to another
 * device. Each change is saved at once, and takes effect at once.
 */
export function DisplayCard() {
  const settings = useSettings();
  const save = useSaveSettings();
  const [said, setSaid] = useState("");
  const current = settings.data;
  if (!current) return null;

  const change = async (patch: Partial<Settings>) => {
    setSaid("");
    try {
      await save.mutateAsync(patch);
      setSaid("Saved.");
    } catch (error) {
      setSaid(`Not saved: ${errorMessage(error)}`);
    }
  };

  const select = <K extends "textSize" | "readingFont" | "reducedMotion">(
    key: K,
    label: string,
    choices: Choice<K>,
  ) => (
    <div className="grid max-w-md gap-1.5">
      <Label htmlFor={`display-${key}`}>{label}</Label>
      <NativeSelect
        id={`display-${key}`}
        value={current[key]}
        onChange={(e) => void change({ [key]: e.target.value } as Partial<Settings>)}
      >
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  const toggle = (key: "contrast" | "lowStimulation", label: string, hint: string) => {
    const on = key === "contrast" ? current.contrast === "high" : current.lowStimulation;
    return (
      <SwitchField
        id={`display-${key}`}
        label={label}
        hint={hint}
        checked={on}
        onCheckedChange={(next) =>
          void change(key === "contrast" ? { contrast: next ? "high" : "normal" } : { lowStimulation: next })
        }
      />
    );
  };

  return (
    <Card aria-labelledby="display-title">
      <CardHeader id="display-title" title="Display and comfort" />
      <div className="grid gap-6">
        {select("textSize", "Text size", TEXT_SIZES)}
        {select("readingFont", "Reading font", FONTS)}
        {select("reducedMotion", "Motion", MOTION)}
        {toggle("contrast", "Higher contrast", "Stronger text and borders.")}
        {toggle("lowStimulation", "Low stimulation", "No counts or badges, quieter colours.")}
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor="display-timeZone">Time zone</Label>
          <NativeSelect
            id="display-timeZone"
            aria-describedby="display-timeZone-hint"
            value={current.followDeviceTimeZone ? DEVICE : current.timeZone}
            onChange={(e) =>
              void change(
                e.target.value === DEVICE
                  ? { followDeviceTimeZone: true, timeZone: browserTimeZone() }
                  : { followDeviceTimeZone: false, timeZone: e.target.value },
              )
            }
          >
            <option value={DEVICE}>Follow this device ({browserTimeZone().replaceAll("_", " ")})</option>
            {timeZones(current.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </NativeSelect>
          <p id="display-timeZone-hint" className="text-sm text-muted">
            Decides when your day starts and ends.
          </p>
        </div>
        <p className="min-h-5 text-sm text-muted" role="status">
          {said}
        </p>
      </div>
    </Card>
  );
}
