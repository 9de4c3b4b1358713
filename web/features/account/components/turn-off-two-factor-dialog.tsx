import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { reasonOf } from "../../../lib/api.ts";
import { useDisableTwoFactor } from "../api.ts";

/** Turning two-factor sign-in off asks for the password, or a code from the app, first. */
export function TurnOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const disable = useDisableTwoFactor();
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setValue("");
      setError(null);
      setWithCode(false);
    }
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Turn off two-factor sign-in"
      description="After this, your password alone signs you in. To confirm it is you, enter your password or a code."
    >
      <form
        className="grid gap-4"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await disable.mutateAsync(withCode ? { code: value } : { password: value });
            close(false);
            toast({ title: "Two-factor sign-in is off", description: "Your password alone signs you in now." });
          } catch (err) {
            setError(reasonOf(err));
          }
        }}
      >
        {withCode ? (
          <Field id="turn-off-code" label="Code from your app, or a recovery code">
            <Input
              id="turn-off-code"
              autoComplete="one-time-code"
              className="font-mono tracking-wider"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Field>
        ) : (
          <Field id="turn-off-password" label="Current password">
            <Input
              id="turn-off-password"
              type="password"
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </Field>
        )}
        <button
          type="button"
          className="w-fit text-sm font-medium text-primary hover:underline"
          onClick={() => {
            setWithCode(!withCode);
            setValue("");
            setError(null);
          }}
        >
          {withCode ? "Use your password instead" : "Use a code instead"}
        </button>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!value || disable.isPending}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
