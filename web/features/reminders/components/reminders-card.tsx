import { useEffect, useState } from "react";
import { EVENT_LEAD_MINUTES, type ReminderSettings } from "../../../../shared/reminders.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Input, Label, NativeSelect } from "../../../components/ui/input.tsx";
import { SwitchField } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api.ts";
import {
  currentSubscription,
  pushSupported,
  sendTestReminder,
  subscribeThisDevice,
  unsubscribeThisDevice,
  useReminderSettings,
  useSaveReminderSettings,
} from "../api.ts";

const leadLabel = (m: number) => (m === 0 ? "When it starts" : m === 60 ? "1 hour before" : `${m} minutes before`);

function TimeField({
  id,
  label,
  value,
  onSave,
}: {
  id: string;
  label: string;
  value: string;
  onSave: (v: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <div className="grid w-fit gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="time"
        className="w-36"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => /^\d{2}:\d{2}$/.test(draft) && draft !== value && onSave(draft)}
      />
    </div>
  );
}

/** This device's subscription, and what reminds the person (stored with the account, for every device). */
function ThisDevice({ onSaid }: { onSaid: (text: string) => void }) {
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    currentSubscription()
      .then((s) => setOn(s !== null))
      .catch(() => setOn(false));
  }, []);

  if (!supported) {
    return <p className="text-sm text-muted">This browser cannot show reminders from Daily Compass.</p>;
  }
  const denied = Notification.permission === "denied";

  const change = async (next: boolean) => {
    setBusy(true);
    onSaid("");
    try {
      if (next) await subscribeThisDevice();
      else await unsubscribeThisDevice();
      setOn(next);
      onSaid(next ? "Reminders are on for this device." : "Reminders are off for this device.");
    } catch (error) {
      onSaid(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3">
      <SwitchField
        id="reminders-device"
        label="Reminders on this device"
        hint={
          denied
            ? "Notifications are turned off for this site in your browser's settings."
            : "They reach you even when Daily Compass is closed."
        }
        checked={on === true}
        onCheckedChange={(next) => !busy && on !== null && void change(next)}
      />
      {on && (
        <Button
          variant="outline"
          className="w-fit"
          disabled={busy}
          onClick={async () => {
            onSaid("");
            try {
              const { sent } = await sendTestReminder();
              onSaid(sent > 0 ? "A test reminder is on its way." : "The test reminder could not be delivered.");
            } catch (error) {
              onSaid(errorMessage(error));
            }
          }}
        >
          Send a test reminder
        </Button>
      )}
    </div>
  );
}

export function RemindersCard() {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const [said, setSaid] = useState("");
  const current = settings.data;

  const change = async (patch: Partial<ReminderSettings>) => {
    setSaid("");
    try {
      await save.mutateAsync(patch);
      setSaid("Saved.");
    } catch (error) {
      setSaid(`Not saved: ${errorMessage(error)}`);
    }
  };

  return (
    <Card aria-labelledby="reminders-title">
      <CardHeader id="reminders-title" title="Reminders" />
      <div className="grid gap-6">
        <ThisDevice onSaid={setSaid} />
        {current && (
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-semibold">What reminds you</legend>
            <div className="grid max-w-md gap-1.5">
              <Label htmlFor="reminders-lead">Events</Label>
              <NativeSelect
                id="reminders-lead"
                value={current.events ? String(current.eventLeadMinutes) : "off"}
                onChange={(e) =>
                  void change(
                    e.target.value === "off"
                      ? { events: false }
                      : { events: true, eventLeadMinutes: Number(e.target.value) },
                  )
                }
              >
                {EVENT_LEAD_MINUTES.map((m) => (
                  <option key={m} value={m}>
                    {leadLabel(m)}
                  </option>
                ))}
                <option value="off">No event reminders</option>
              </NativeSelect>
            </div>
            <SwitchField
              id="reminders-tasks"
              label="Tasks with a time"
              checked={current.tasks}
              onCheckedChange={(tasks) => void change({ tasks })}
            />
            <SwitchField
              id="reminders-thoughts"
              label="Reminders you captured with a time"
              hint='Like "Bins out Thursday 8pm".'
              checked={current.thoughts}
              onCheckedChange={(thoughts) => void change({ thoughts })}
            />
            <SwitchField
              id="reminders-focus"
              label="End of a focus session"
              checked={current.focusEnd}
              onCheckedChange={(focusEnd) => void change({ focusEnd })}
            />
            <SwitchField
              id="reminders-plan"
              label="Plan your day"
              hint="A gentle nudge each day to pick your few focus tasks."
              checked={current.dailyPlanTime !== null}
              onCheckedChange={(on) => void change({ dailyPlanTime: on ? "09:00" : null })}
            />
            {current.dailyPlanTime !== null && (
              <TimeField
                id="reminders-plan-time"
                label="Nudge me at"
                value={current.dailyPlanTime}
                onSave={(dailyPlanTime) => void change({ dailyPlanTime })}
              />
            )}
            <SwitchField
              id="reminders-quiet"
              label="Quiet hours"
              hint="Nothing is sent in these hours, except the end of a focus session you started."
              checked={current.quietStart !== null}
              onCheckedChange={(on) =>
                void change(on ? { quietStart: "22:00", quietEnd: "07:00" } : { quietStart: null, quietEnd: null })
              }
            />
            {current.quietStart !== null && current.quietEnd !== null && (
              <div className="flex flex-wrap gap-4">
                <TimeField
                  id="reminders-quiet-start"
                  label="From"
                  value={current.quietStart}
                  onSave={(quietStart) => void change({ quietStart })}
                />
                <TimeField
                  id="reminders-quiet-end"
                  label="Until"
                  value={current.quietEnd}
                  onSave={(quietEnd) => void change({ quietEnd })}
                />
              </div>
            )}
          </fieldset>
        )}
        <p className="min-h-5 text-sm text-muted" role="status">
          {said}
        </p>
      </div>
    </Card>
  );
}
